import { ErrorReason } from "@wegmarke/protocol";
import { indexById } from "../../content/model";
import type { Verdict } from "../../engine/types";
import { ServiceError } from "../../errors";
import type { EventDraft } from "../../events/event-log";
import { readParticipantState } from "../player-status";
import { scriptVersion } from "../scripts/script-version";
import type { AnswerStepDeps } from "./answer-step";
import { StaleRun, stepOutcome, stepRun } from "./answer-step";
import type { GameOutcome, Turn } from "./turns";

/**
 * A verdict on a mission's submission (decisions/039), with the stream locked: `before` (the
 * submission's own events) comes first in the thread, then the dialogue's step. 409 `no
 * mission expected` when the station no longer waits for one (cancelled meanwhile, or its
 * script changed beyond the run's saved state).
 */
export async function verdictStep(
  deps: AnswerStepDeps,
  turn: Turn,
  stationId: number,
  verdict: Verdict,
  before: EventDraft[],
): Promise<GameOutcome> {
  const { repos, stream, at } = turn;
  const station = indexById(deps.pack.stations).get(stationId);
  const [state, run] = [
    await readParticipantState(repos, stream),
    await repos.stationRuns.find(stream, stationId),
  ];
  const waiting = run?.status === "active" && run.awaiting.mission !== undefined;
  if (!station) throw new ServiceError(409, ErrorReason.stationWithdrawn);
  if (!run || state.currentStation !== stationId || !waiting) {
    throw new ServiceError(409, ErrorReason.noMissionExpected);
  }
  const version = scriptVersion(station, run.language);
  const result = await stepRun(deps.scripts, run, version, verdict).catch((error: unknown) => {
    if (error instanceof StaleRun) throw new ServiceError(409, ErrorReason.noMissionExpected);
    throw error;
  });
  if (!result.accepted) throw new ServiceError(409, ErrorReason.noMissionExpected);
  // Read inside the turn's transaction: SQLite has one connection, which the turn holds.
  const outcome = await stepOutcome(deps, repos, { station, run, version, result, at });
  return { ...outcome, events: [...before, ...outcome.events] };
}
