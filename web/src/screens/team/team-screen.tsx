import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../api/api-error";
import { teamErrorKey } from "../../api/api-error-key";
import { useConfirm } from "../../components/confirm";
import { useFlash } from "../../components/flash";
import { useGame } from "../../session/game-store";
import { useSession } from "../../session/session";
import { useTeam } from "../../session/use-team";
import { NotFoundScreen } from "../not-found/not-found-screen";
import { InviteCard } from "./invite-card";
import { JoinForm } from "./join-form";
import { joinLoses, joinQuestion } from "./join-question";
import { MembersCard } from "./members-card";
import "./team.css";

/**
 * /webapp/team (spec "Team"), where the pack has teams: the team's members with who is online,
 * an invitation, and joining by code or link, always after the player confirmed what they
 * leave behind.
 */
export function TeamScreen() {
  const { config } = useSession();
  if (!config.allowTeams) return <NotFoundScreen />;
  return <Team />;
}

function Team() {
  const { t } = useTranslation();
  const { config } = useSession();
  const { state } = useGame();
  const { preview, join } = useTeam();
  const confirm = useConfirm();
  const { show } = useFlash();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = params.get("tjr");
  const [checkingLink, setCheckingLink] = useState(linkCode !== null);
  const handledLink = useRef<string | null>(null);

  /**
   * Asks first, saying who is in the team and what the player leaves behind; joins only on
   * yes, and then the game (now the team's) shows on home. Resolves false when nothing changed.
   */
  async function joinWith(code: string, onAsk?: () => void): Promise<boolean> {
    const change = await preview(code);
    onAsk?.();
    if (change.Member) {
      show({ text: t("team.alreadyMember"), kind: "note" });
      return false;
    }
    const yes = await confirm({
      title: t("team.confirmJoin.title"),
      text: joinQuestion(t, change),
      confirmLabel: t("team.confirmJoin.confirm"),
      cancelLabel: t("team.confirmJoin.cancel"),
      destructive: joinLoses(change),
    });
    if (!yes) return false;
    await join(code);
    void navigate("/", { replace: true });
    // After the move: the note belongs to the screen it shows on.
    show({ text: t("team.joined"), kind: "note" });
    return true;
  }

  // An invitation link (`?tjr=`) asks to join right away, also after it went through sign-in;
  // a "no" or a failure leaves the team page without the code.
  useEffect(() => {
    if (linkCode === null || handledLink.current === linkCode) return;
    handledLink.current = linkCode;
    const leaveLink = () => void navigate("/team", { replace: true });
    joinWith(linkCode, () => setCheckingLink(false)).then(
      (joined) => {
        if (!joined) leaveLink();
      },
      (error: unknown) => {
        show({ text: t(teamErrorKey(toApiError(error))) });
        setCheckingLink(false);
        leaveLink();
      },
    );
  });

  const hasTeam = state.status?.HasTeam === true;
  if (checkingLink)
    return (
      <p className="loading" role="status">
        {t("team.joining")}
      </p>
    );

  return (
    <div className="team">
      {/* Without a team it is the page's introduction, no warning. */}
      <p className={hasTeam ? "notice notice--success" : "team__intro"} role="status">
        {hasTeam
          ? t("team.member")
          : config.teams === "required"
            ? t("team.needed")
            : t("team.optional")}
      </p>
      {hasTeam && <MembersCard />}
      <InviteCard />
      <JoinForm onJoin={async (code) => void (await joinWith(code))} />
    </div>
  );
}
