import { stationLocal } from "./play-state";
import type { PlayState, QueuedInput, StationLocal } from "./play-state";

/**
 * The outbox of answers and taps made without a connection (issue 28). An entry goes once the
 * stream is back and has brought what the server said meanwhile, and only while the station
 * still expects what the entry answers: the id of the event that set that expectation is the
 * one the entry was made for. Had the server taken the input already (its reply lost on the
 * way), the stream's echo has used the expectation up, so nothing is sent twice.
 */

export type QueuedKind = QueuedInput["input"]["kind"];

/** The id of the event that set what the station expects of `kind` now; undefined: nothing. */
export function expectationOf(station: StationLocal, kind: QueuedKind): number | null | undefined {
  if (kind === "answer") {
    return station.expectingAnswer || station.answerRejected ? station.answerEventId : undefined;
  }
  return station.expectingButton ? station.buttonEventId : undefined;
}

/**
 * What becomes of the outbox's entry: `send` while the station expects what it answers;
 * `arrived` when the stream echoed it (the server took it before the connection broke); `stale`
 * when the station went on without it (a teammate answered first, the station ended).
 */
export function fateOf(state: PlayState, entry: QueuedInput): "send" | "arrived" | "stale" {
  const station = stationLocal(state, entry.stationId);
  if (expectationOf(station, entry.input.kind) === entry.expectationId) return "send";
  const after = entry.expectationId ?? Number.NEGATIVE_INFINITY;
  const thread = [...station.messages, ...station.queue.map((queued) => queued.message)];
  const echoed = thread.some(
    (message) =>
      message.id > after &&
      message.originator === "user" &&
      message.author === undefined &&
      message.content === entry.input.text,
  );
  return echoed ? "arrived" : "stale";
}

export function queueInput(state: PlayState, entry: QueuedInput): PlayState {
  return { ...state, outbox: [...state.outbox, entry] };
}

export function dropQueued(state: PlayState, key: string): PlayState {
  if (!state.outbox.some((entry) => entry.key === key)) return state;
  return { ...state, outbox: state.outbox.filter((entry) => entry.key !== key) };
}

/** The entries of a station (cancelled, or forgotten) go with it. */
export function dropStationQueue(state: PlayState, stationId: number): PlayState {
  if (!state.outbox.some((entry) => entry.stationId === stationId)) return state;
  return { ...state, outbox: state.outbox.filter((entry) => entry.stationId !== stationId) };
}

/** What waits to be sent at a station, in order. */
export function queuedAt(state: PlayState, stationId: number): QueuedInput[] {
  return state.outbox.filter((entry) => entry.stationId === stationId);
}
