import { OpsReason } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../../content/model";
import { ServiceError } from "../../errors";
import type { StationRun } from "../../store/station-run-columns";
import { readParticipantState, withRun } from "../player-status";
import type { GameOutcome, Turn } from "./turns";
import { statusEvent } from "./start";

/**
 * Closes `station` for the participant (decisions/060): its app hides it and its activation is
 * refused until a host reopens it. A running station ends first as if cancelled (its
 * conversation retracted, its later lines dropped). 409 for a station done or closed already.
 */
export async function closing(
  pack: ContentPack,
  turn: Turn,
  station: Station,
): Promise<GameOutcome> {
  const { repos, stream, at } = turn;
  const run = await repos.stationRuns.find(stream, station.id);
  if (run?.status === "done") throw new ServiceError(409, OpsReason.stationFinished);
  if (run?.status === "closed") throw new ServiceError(409, OpsReason.stationClosed);
  const state = await readParticipantState(repos, stream);
  const closed: StationRun = { ...(run ?? unstarted(stream, station, at)), status: "closed" };
  const current = state.currentStation === station.id ? 0 : state.currentStation;
  return {
    runs: [{ ...closed, updatedAt: at }],
    ...(run?.status === "active" && { cancelled: [station.id] }),
    ...(current !== state.currentStation && { currentStation: current }),
    events: [statusEvent(pack, withRun(state, closed, current))],
    agenda: [],
  };
}

/**
 * Opens `station` again for the participant: a closed one as it was before it was closed (or
 * never played, when it was closed before it started); a done one as left, so that it can be
 * played again, its points gone until then and its conversation retracted. 409 for a station
 * neither closed nor done.
 */
export async function reopening(
  pack: ContentPack,
  turn: Turn,
  station: Station,
): Promise<GameOutcome> {
  const { repos, stream, at } = turn;
  const run = await repos.stationRuns.find(stream, station.id);
  if (run?.status !== "closed" && run?.status !== "done") {
    throw new ServiceError(409, OpsReason.stationOpen);
  }
  const state = await readParticipantState(repos, stream);
  if (run.status === "closed" && run.inkState === "") {
    const runs = state.runs.filter((other) => other.stationId !== station.id);
    return {
      runs: [],
      dropped: [station.id],
      events: [statusEvent(pack, { ...state, runs })],
      agenda: [],
    };
  }
  const left: StationRun = { ...run, status: "cancelled", updatedAt: at };
  return {
    runs: [left],
    // A done station's conversation goes with its points: it is played afresh.
    ...(run.status === "done" && { cancelled: [station.id], scored: true }),
    events: [statusEvent(pack, withRun(state, left, state.currentStation))],
    agenda: [],
  };
}

/** The row of a station closed before the participant started it: nothing to resume. */
function unstarted(stream: string, station: Station, at: string): StationRun {
  return {
    stream,
    stationId: station.id,
    status: "closed",
    inkState: "",
    awaiting: { answer: false, buttons: [] },
    points: 0,
    language: "de",
    scriptVersion: null,
    updatedAt: at,
    startedAt: null,
    doneAt: null,
    wrongAnswers: 0,
    hintsUsed: 0,
    cancelledAt: null,
  };
}
