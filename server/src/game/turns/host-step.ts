import { ErrorReason, OpsReason } from "@wegmarke/protocol";
import { indexById } from "../../content/model";
import type { HintInput, JumpInput, Verdict } from "../../engine/types";
import { ServiceError } from "../../errors";
import type { EventDraft } from "../../events/event-log";
import type { StationRun } from "../../store/station-run-columns";
import { readParticipantState } from "../player-status";
import { stationKnots } from "../scripts/knots";
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
  const outcome = await hostStep(deps, turn, stationId, verdict, {
    waits: (run) => run.awaiting.mission !== undefined,
    refusal: ErrorReason.noMissionExpected,
  });
  return { ...outcome, events: [...before, ...outcome.events] };
}

/**
 * A host gives the riddle's next hint in the running station (docs/content-authoring.md,
 * "Hints"), with the stream locked. 409 `the station offers no hint now` when it offers none.
 */
export function hintStep(
  deps: AnswerStepDeps,
  turn: Turn,
  stationId: number,
  hint: HintInput,
): Promise<GameOutcome> {
  return hostStep(deps, turn, stationId, hint, {
    waits: (run) => run.awaiting.buttons.some((button) => button.hint !== undefined),
    refusal: OpsReason.noHintOffered,
  });
}

/**
 * A host continues the running station's dialogue at a knot of its script (docs/operations.md,
 * "Dialog lenken"), with the stream locked: whatever it waited for, its lines come and its
 * later lines (`#delay`) of the old path go. 400 for a knot the script has not.
 */
export async function jumpStep(
  deps: AnswerStepDeps,
  turn: Turn,
  stationId: number,
  jump: JumpInput,
): Promise<GameOutcome> {
  const run = await turn.repos.stationRuns.find(turn.stream, stationId);
  const station = indexById(deps.pack.stations).get(stationId);
  if (station && run && !stationKnots(station, run.language).includes(jump.knot)) {
    throw new ServiceError(400, OpsReason.unknownKnot);
  }
  const outcome = await hostStep(deps, turn, stationId, jump, {
    waits: () => true,
    refusal: OpsReason.stationNotRunning,
  });
  const ended: EventDraft = { type: "wait-ended", data: { StationID: stationId } };
  return { ...outcome, cleared: [stationId], events: [ended, ...outcome.events] };
}

/** A step a host's action takes in the running station `stationId` when it `waits` for it. */
async function hostStep(
  deps: AnswerStepDeps,
  turn: Turn,
  stationId: number,
  input: Verdict | HintInput | JumpInput,
  { waits, refusal }: { waits: (run: StationRun) => boolean; refusal: string },
): Promise<GameOutcome> {
  const { repos, stream, at } = turn;
  const station = indexById(deps.pack.stations).get(stationId);
  const [state, run] = [
    await readParticipantState(repos, stream),
    await repos.stationRuns.find(stream, stationId),
  ];
  if (!station) throw new ServiceError(409, ErrorReason.stationWithdrawn);
  if (!run || state.currentStation !== stationId || run.status !== "active" || !waits(run)) {
    throw new ServiceError(409, refusal);
  }
  const version = scriptVersion(station, run.language);
  const result = await stepRun(deps.scripts, run, version, input).catch((error: unknown) => {
    if (error instanceof StaleRun) throw new ServiceError(409, refusal);
    throw error;
  });
  if (!result.accepted) throw new ServiceError(409, refusal);
  // Read inside the turn's transaction: SQLite has one connection, which the turn holds.
  return stepOutcome(deps, repos, { station, run, version, result, at });
}
