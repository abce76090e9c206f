import type {
  MissionKind,
  QueuedSubmission,
  Submission as SubmissionView,
} from "@wegmarke/protocol";
import type { Station } from "../content/model";
import { awardedPoints } from "../engine/points";
import type { EventDraft } from "../events/event-log";
import { memberKey } from "../participants/member-key";
import { isTeamStream } from "../participants/participant";
import type { Submission } from "../store/submission-repository";
import type { SignedLinks } from "./signed-links";

/** The thread's event of a submission in its state (`at`: when it arrived). */
export function threadEvent(secret: Buffer, row: Submission, at: string): EventDraft {
  return {
    type: "submission",
    data: {
      StationID: row.stationId,
      ID: row.id,
      Kind: row.kind as MissionKind,
      State: row.state,
      ...memberOf(secret, row),
      Timestamp: at,
    },
  };
}

/** In a team: who sent it, by the member's key (as an answer's echo) and name. */
function memberOf(secret: Buffer, row: Submission): { Member?: string; Name?: string } {
  if (!isTeamStream(row.stream)) return {};
  return {
    Member: memberKey(secret, row.stream, row.playerId),
    ...(row.sender !== null && { Name: row.sender }),
  };
}

/** A submission as its team and the hosts see it, with links signed at `now`. */
export function submissionView(
  secret: Buffer,
  links: SignedLinks,
  row: Submission,
  now: Date,
): SubmissionView {
  const kind = row.kind as MissionKind;
  return {
    ID: row.id,
    StationID: row.stationId,
    Kind: kind,
    State: row.state,
    ...memberOf(secret, row),
    Timestamp: row.createdAt,
    Url: links.link(row.id, "file", now),
    ...(kind === "photo" && { ThumbUrl: links.link(row.id, "thumb", now) }),
    ...(row.seconds !== null && { Seconds: row.seconds }),
    ...(row.state === "approved" && { Points: row.points }),
  };
}

/**
 * What `points` of an approval bring a player at the station: at most its points, as the game
 * awards them (a station the pack no longer has: the points as they are).
 */
export function awardedAt(stations: readonly Station[], stationId: number, points: number): number {
  return queuedPoints(
    stations.find((s) => s.id === stationId),
    points,
  ).MissionPoints;
}

/**
 * The hosts' queue: what the mission's `points` bring the player, and the station's most; a
 * station the live pack lacks is marked gone.
 */
export function queuedPoints(
  station: Station | undefined,
  points: number,
): Pick<QueuedSubmission, "MissionPoints" | "StationPoints" | "StationGone"> {
  if (!station) return { MissionPoints: points, StationGone: true };
  return { MissionPoints: awardedPoints(points, station.points), StationPoints: station.points };
}
