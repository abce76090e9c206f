import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../api/api-error";
import { teamErrorKey } from "../../api/api-error-key";
import { useFlash } from "../../components/flash";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { useTeam } from "../../session/use-team";
import { NotFoundScreen } from "../not-found/not-found-screen";
import { InviteCard } from "./invite-card";
import { JoinForm } from "./join-form";
import "./team.css";

/** /webapp/team (spec "Team"), where the pack allows teams: join by code or link, invite. */
export function TeamScreen() {
  const { config } = useSession();
  if (!config.allowTeams) return <NotFoundScreen />;
  return <Team />;
}

function Team() {
  const { t } = useTranslation();
  const { state } = useGame();
  const { join } = useTeam();
  const { show } = useFlash();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = params.get("tjr");
  const [joiningByLink, setJoiningByLink] = useState(linkCode !== null);
  const handledLink = useRef<string | null>(null);

  /** Joins; afterwards the game (now the team's) shows on home. */
  async function joinWith(code: string): Promise<void> {
    await join(code);
    void navigate("/", { replace: true });
    // After the move: the note belongs to the screen it shows on.
    show({ text: t("team.joined"), kind: "note" });
  }

  // An invitation link (`?tjr=`) joins right away, also after it went through sign-in.
  useEffect(() => {
    if (linkCode === null || handledLink.current === linkCode) return;
    handledLink.current = linkCode;
    joinWith(linkCode).catch((error: unknown) => {
      show({ text: t(teamErrorKey(toApiError(error))) });
      setJoiningByLink(false);
      void navigate("/team", { replace: true });
    });
  });

  const hasTeam = state.status?.HasTeam === true;
  if (joiningByLink)
    return (
      <p className="loading" role="status">
        {t("team.joining")}
      </p>
    );

  return (
    <div className="team">
      <p className={hasTeam ? "notice notice--success" : "notice"} role="status">
        {hasTeam ? t("team.member") : t("team.needed")}
      </p>
      <InviteCard />
      <JoinForm onJoin={joinWith} />
    </div>
  );
}
