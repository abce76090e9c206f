import type { PlayerStatus, StationStatus, StoryStatus } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { stationRadius } from "../content/model";
import type { RunSummary } from "../store/station-run-columns";
import type { Repositories } from "../store/store";
import { isTeamStream } from "../participants/participant";

/** What a participant's status is made of, besides the pack. */
export type ParticipantState = {
  currentStation: number;
  /** The story opened last, 0 before any. */
  currentStory: number;
  runs: RunSummary[];
  /** Ids of the stories the participant has opened. */
  doneStories: number[];
  hasTeam: boolean;
  /** The points hosts awarded (or took, below 0); absent: none. */
  awarded?: number;
};

/** The state once `run` is saved and `currentStation` is current. */
export function withRun(
  state: ParticipantState,
  run: RunSummary,
  currentStation: number,
): ParticipantState {
  const others = state.runs.filter((other) => other.stationId !== run.stationId);
  return { ...state, currentStation, runs: [...others, run] };
}

/** The state once the current station `stationId` is cancelled. */
export function withCancelled(state: ParticipantState, stationId: number): ParticipantState {
  const runs = state.runs.map((run) =>
    run.stationId === stationId ? { ...run, status: "cancelled" as const } : run,
  );
  return { ...state, currentStation: 0, runs };
}

/** What a participant's status is read from. */
export type StatusRepositories = Pick<
  Repositories,
  "participants" | "stationRuns" | "storyStates" | "pointAwards"
>;

/** Reads a participant's state and builds its status, inside the caller's transaction. */
export async function readPlayerStatus(
  repos: StatusRepositories,
  pack: ContentPack,
  stream: string,
): Promise<PlayerStatus> {
  return buildPlayerStatus(pack, await readParticipantState(repos, stream));
}

/** What a participant's status is made of, as the database holds it now. */
export async function readParticipantState(
  repos: StatusRepositories,
  stream: string,
): Promise<ParticipantState> {
  const { currentStation, currentStory } = await repos.participants.find(stream);
  return {
    currentStation,
    currentStory,
    runs: await repos.stationRuns.listSummaries(stream),
    doneStories: await repos.storyStates.listDone(stream),
    hasTeam: isTeamStream(stream),
    awarded: await repos.pointAwards.sumOf(stream),
  };
}

/** The participant's `playerstatus` (spec section 7) from the pack and its state. */
export function buildPlayerStatus(pack: ContentPack, state: ParticipantState): PlayerStatus {
  const { runs, awarded = 0 } = state;
  const runOf = new Map(runs.map((run) => [run.stationId, run]));
  const stations: Record<string, StationStatus> = {};
  for (const station of pack.stations) {
    const run = runOf.get(station.id);
    const done = run?.status === "done";
    stations[String(station.id)] = {
      Name: station.name,
      Live: station.live,
      Latitude: station.latitude,
      Longitude: station.longitude,
      Points: done ? run.points : 0,
      MaxPoints: station.points,
      // The server does not know where the player is; the app measures from geolocation.
      Distance: null,
      GroupName: station.group,
      // true, false, "shown" or "secret" as the pack says; the app derives visible and secret.
      // A station a host closed for the participant is hidden until it is reopened.
      GameState: {
        Done: done,
        Played: run !== undefined,
        Visible: run?.status === "closed" ? false : station.visible,
        ...(run?.status === "closed" && { Closed: true as const }),
      },
      DisplayHint: { Style: station.style, View: station.view },
      // Sent only where it is no `list` station, so existing packs' statuses stay as they were.
      ...(station.trigger && station.trigger !== "list" ? { Trigger: station.trigger } : {}),
      ...(station.trigger === "near" || station.trigger === "qr-or-near"
        ? { Radius: stationRadius(station) }
        : {}),
    };
  }
  const doneStories = new Set(state.doneStories);
  const stories: Record<string, StoryStatus> = {};
  for (const story of pack.stories ?? []) {
    stories[String(story.id)] = {
      Name: story.name,
      Done: doneStories.has(story.id),
      Live: story.live,
    };
  }
  return {
    ActiveStations: runs.filter((run) => run.status === "active").map((run) => run.stationId),
    CurrentStation: state.currentStation,
    CurrentStory: state.currentStory,
    // A host's awards count, and never take the total below 0.
    TotalPoints: Math.max(
      0,
      runs.reduce((sum, run) => sum + (run.status === "done" ? run.points : 0), awarded),
    ),
    ...(awarded !== 0 && { Awarded: awarded }),
    HasTeam: state.hasTeam,
    Stations: stations,
    Stories: stories,
  };
}

/** How many stations the participant finished with points: what stories require (spec 2). */
export function stationsWithPoints(runs: RunSummary[]): number {
  return runs.filter((run) => run.status === "done" && run.points > 0).length;
}
