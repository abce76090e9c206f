import { ErrorReason } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../../content/model";
import { indexById } from "../../content/model";
import type { Input, StepResult } from "../../engine/types";
import { ParticipantChanged, ServiceError } from "../../errors";
import type { EventDraft } from "../../events/event-log";
import type { RunAccess } from "../../store/run-store";
import type { StationRun } from "../../store/station-run-columns";
import type { Store, StoreOf } from "../../store/store";
import type { StepOutcome } from "../../store/turn-outcome";
import type { GameRepositories } from "./turns";
import { agendaOf } from "../agenda/agenda";
import { readParticipantState, withRun } from "../player-status";
import { scriptVersion } from "../scripts/script-version";
import type { ScriptRunner } from "../scripts/script-runner";
import { planStep } from "./station-events";
import type { EchoAuthor } from "./station-events";
import type { StepTurn } from "./turns";
import { statusEvent } from "./start";

export type AnswerStepDeps = {
  store: StoreOf<GameRepositories> & Pick<Store, "runs">;
  pack: ContentPack;
  scripts: ScriptRunner;
};

/** An answer or a tap, from `author` in a team (the echo names them). */
export type Answer = { stationId: number; input: Input; author: EchoAuthor | undefined };

/** The refusal of an input the station does not expect now. */
export function refusalOf(input: Input): string {
  return input.kind === "answer" ? ErrorReason.noAnswerExpected : ErrorReason.noButtonExpected;
}

/**
 * One answer or tap on the answer path (decisions/012-live-path.md): reads the stream through
 * `runs`, steps the run and returns the run's new state with what to log and schedule. 409 or
 * 400 for an input the station does not expect; StaleRun when the script changed beyond the
 * run's saved state.
 */
export async function answerStep(
  deps: AnswerStepDeps,
  stream: string,
  { stationId, input, author }: Answer,
  at: string,
  runs: RunAccess,
): Promise<StepTurn> {
  const state = await runs.load(stream, stationId);
  if (!state) throw new ParticipantChanged();
  const run = state.currentStation === stationId ? state.run : undefined;
  const station = indexById(deps.pack.stations).get(stationId);
  const awaiting = run?.status === "active" ? run.awaiting : undefined;
  const expected = input.kind === "answer" ? awaiting?.answer : awaiting?.buttons.length;
  if (!run || !station || !expected) throw new ServiceError(409, refusalOf(input));

  const version = scriptVersion(station, run.language);
  const result = await stepRun(deps.scripts, run, version, input);
  if (!result.accepted) {
    throw input.kind === "answer"
      ? new ServiceError(409, refusalOf(input))
      : new ServiceError(400, ErrorReason.unknownButton);
  }
  const outcome = await stepOutcome(deps, deps.store.repos, {
    station,
    run,
    version,
    result,
    at,
    author,
  });
  return { state, outcome };
}

/** What an accepted step leaves behind: the run's new state, its events, its agenda. */
export async function stepOutcome(
  deps: AnswerStepDeps,
  repos: GameRepositories,
  step: {
    station: Station;
    run: StationRun;
    version: string;
    result: StepResult;
    at: string;
    author?: EchoAuthor;
  },
): Promise<StepOutcome<EventDraft>> {
  const { station, run, version, result, at, author } = step;
  const plan = planStep(station.id, result, at, author);
  const next: StationRun = {
    ...run,
    status: result.done ? "done" : "active",
    inkState: result.state,
    awaiting: plan.awaitingNow,
    points: result.points,
    scriptVersion: version,
    updatedAt: at,
    doneAt: result.done ? (run.doneAt ?? at) : run.doneAt,
    wrongAnswers: result.wrong === true ? run.wrongAnswers + 1 : run.wrongAnswers,
    hintsUsed: result.hint === true ? run.hintsUsed + 1 : run.hintsUsed,
  };
  const events: EventDraft[] = plan.now;
  // A host's step (a hint, a verdict) ends a wait without the player's echo, which would void
  // the buttons the app shows: an empty group does.
  if (result.echo === undefined && run.awaiting.buttons.length > 0) {
    events.unshift({ type: "buttongroup-start", data: { StationID: station.id } });
  }
  if (result.done) events.push(await statusAfterFinishing(deps.pack, repos, next));
  return {
    runs: [next],
    currentStation: result.done ? 0 : undefined,
    events,
    // The player answered: the station's pending reminder goes.
    remindersDropped: station.reminder ? [station.id] : undefined,
    agenda: agendaOf(station, plan, result.done, at),
    scored: result.done,
  };
}

/**
 * One step of a run. A run saved under another version of the script (the pack was reloaded,
 * or the server restarted with changed files) goes on if its state still fits the script,
 * else StaleRun.
 */
export async function stepRun(
  scripts: ScriptRunner,
  run: StationRun,
  version: string,
  input: Input,
): Promise<StepResult> {
  if (run.scriptVersion === version) {
    return scripts.step(run.stationId, run.language, run.inkState, input, run.stream);
  }
  const result = await scripts.resume(run.stationId, run.language, run.inkState, input, run.stream);
  if (!result) throw new StaleRun();
  return result;
}

/** The status once the station of `run`, done, is no longer current (read through `repos`). */
async function statusAfterFinishing(
  pack: ContentPack,
  repos: GameRepositories,
  run: StationRun,
): Promise<EventDraft> {
  const state = await readParticipantState(repos, run.stream);
  return statusEvent(pack, withRun(state, run, 0));
}

/** The saved state of a run does not fit its station's changed script. */
export class StaleRun extends Error {
  constructor() {
    super("the run's saved state does not fit the changed script");
    this.name = "StaleRun";
  }
}
