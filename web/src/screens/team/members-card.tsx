import { useEffect, useState } from "react";
import type { TeamMembers } from "@wegmarke/protocol";
import { useTranslation } from "../../i18n/use-translation";
import { useTeam } from "../../session/use-team";

/** How often the list asks again who is online, while the team page is open. */
const REFRESH_MS = 30_000;

/** The player's team: its name and members, each with whether they are online now. */
export function MembersCard() {
  const { t } = useTranslation();
  const { members } = useTeam();
  const [team, setTeam] = useState<TeamMembers | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const load = () =>
      members().then(
        (loaded) => {
          if (!live) return;
          setTeam(loaded);
          setFailed(false);
        },
        () => {
          if (live) setFailed(true);
        },
      );
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [members]);

  if (failed && team === undefined) {
    return (
      <p className="notice" role="status">
        {t("team.membersFailed")}
      </p>
    );
  }
  if (!team) return null;
  return (
    <section className="card team__card" aria-labelledby="team-members-heading">
      <h2 id="team-members-heading" className="team__heading">
        {t("team.membersHeading", { name: team.Name })}
      </h2>
      <ul className="members" data-testid="team-members">
        {team.Members.map((member, index) => (
          <li key={index} className="members__member">
            <span
              className={member.Online ? "members__dot members__dot--online" : "members__dot"}
              aria-hidden="true"
            />
            <span className="members__name">
              {member.Name}
              {member.You && <span className="members__you"> ({t("team.you")})</span>}
            </span>
            <span
              className={member.Online ? "members__state members__state--online" : "members__state"}
            >
              {member.Online ? t("team.online") : t("team.offline")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
