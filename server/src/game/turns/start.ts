import type { Language } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../../content/model";
import type { StepResult } from "../../engine/types";
import type { EventDraft } from "../../events/event-log";
import type { StationRun } from "../../store/station-run-columns";
import { agendaOf } from "../agenda/agenda";
import { buildPlayerStatus, withRun } from "../player-status";
import type { ParticipantState } from "../player-status";
import { scriptVersion } from "../scripts/script-version";
import { planStep } from "./station-events";
import type { GameOutcome } from "./turns";

/**
 * How a run begins: a new start, or the restart of a run whose script changed, which keeps
 * that run's start and its counts of wrong answers and hints.
 */
export type RunOrigin =
  | { restart: false }
  | { restart: true; startedAt: string | null; wrongAnswers: number; hintsUsed: number };

/** A step from the script's beginning, and what it starts from. */
export type Start = {
  pack: ContentPack;
  stream: string;
  at: string;
  station: Station;
  language: Language;
  result: StepResult;
  origin: RunOrigin;
  /** The participant's state before the start (a station it cancels already left). */
  state: ParticipantState;
  /** The station's earlier run, if any: a cancellation's time stays with the new one. */
  earlier: StationRun | undefined;
  /** What the turn logs before the start's own events. */
  before: EventDraft[];
};

/**
 * The outcome of a step from the script's beginning: the run, what is due now logged, the rest
 * on the agenda. A new start becomes the current station and shows it running; a restart's
 * status stays as it was. When the script ended, the station is done at once, even if some of
 * its messages come later.
 */
export function startOutcome(start: Start): GameOutcome {
  const { pack, stream, at, station, language, result, origin, state } = start;
  const plan = planStep(station.id, result, at);
  const run: StationRun = {
    stream,
    stationId: station.id,
    status: "active",
    inkState: result.state,
    awaiting: plan.awaitingNow,
    points: result.points,
    language,
    scriptVersion: scriptVersion(station, language),
    updatedAt: at,
    startedAt: origin.restart ? origin.startedAt : at,
    doneAt: null,
    wrongAnswers: origin.restart ? origin.wrongAnswers : 0,
    hintsUsed: origin.restart ? origin.hintsUsed : 0,
    cancelledAt: start.earlier?.cancelledAt ?? null,
  };
  const events = [...start.before];
  if (!origin.restart) events.push(statusEvent(pack, withRun(state, run, station.id)));
  events.push(...plan.now);
  const agenda = agendaOf(station, plan, result.done, at);
  if (!result.done) {
    return { runs: [run], ...(!origin.restart && { currentStation: station.id }), events, agenda };
  }
  const done: StationRun = { ...run, status: "done", doneAt: at };
  events.push(statusEvent(pack, withRun(state, done, 0)));
  return { runs: [done], currentStation: 0, events, agenda, scored: true };
}

/** The participant's `playerstatus` in `state`. */
export function statusEvent(pack: ContentPack, state: ParticipantState): EventDraft {
  return { type: "playerstatus", data: buildPlayerStatus(pack, state) };
}
