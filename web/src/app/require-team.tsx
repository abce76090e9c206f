import { useTranslation } from "../i18n/use-translation";
import { Navigate, Outlet } from "react-router";
import { teamGate } from "../game/team";
import { useGame } from "../session/game-store";
import { useSession } from "../session/session";

/** Game views (spec 2, noTeam false): where teams are required, for team members only. */
export function RequireTeam() {
  const { t } = useTranslation();
  const { config } = useSession();
  const { state, statusLive } = useGame();
  switch (teamGate(config.teams, state.status, statusLive)) {
    case "pass":
      return <Outlet />;
    case "wait":
      return <p className="loading">{t("app.loading")}</p>;
    case "team":
      return <Navigate replace to="/team" />;
  }
}
