import type { TFunction } from "i18next";
import type { TeamPreview } from "@wegmarke/protocol";

/**
 * The question before joining a team: who is in it, and what the player leaves behind (their
 * own game, deleted for good, or their current team's), with the player's actual figures.
 */
export function joinQuestion(t: TFunction, preview: TeamPreview): string {
  const figures = {
    points: t("team.confirmJoin.points", { count: preview.Points }),
    stations: t("team.confirmJoin.stations", { count: preview.StationsDone }),
  };
  const played = preview.Points > 0 || preview.StationsDone > 0;
  const loss = preview.InTeam
    ? played
      ? t("team.confirmJoin.loseTeam", figures)
      : t("team.confirmJoin.leaveTeam")
    : played
      ? t("team.confirmJoin.lose", figures)
      : t("team.confirmJoin.fresh");
  const members =
    preview.Members.length > 0
      ? t("team.confirmJoin.members", { names: preview.Members.join(", ") })
      : "";
  return [members, loss].filter((part) => part !== "").join(" ");
}

/** Whether joining deletes or leaves points or finished stations: the dialog warns in red. */
export function joinLoses(preview: TeamPreview): boolean {
  return preview.Points > 0 || preview.StationsDone > 0;
}
