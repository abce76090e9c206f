/** A load client's player (worker.ts): its stream's socket and where its answers stand. */
import type { Socket } from "node:net";

export type Player = {
  token: string;
  /** The path prefix of its game ("" for the first, `/g/<name>`). */
  base: string;
  /** Its place in `players` (where its news arrivals are kept). */
  index: number;
  /** The stream's socket. */
  socket?: Socket;
  /** The stream is open (its first playerstatus arrived) and has not ended. */
  open: boolean;
  /** The stream opened once (it may have ended since). */
  opened: boolean;
  /** `news` events that arrived on the stream (its opening one included). */
  news: number;
  /** The riddle station expects an answer: the player may answer. */
  ready: boolean;
  /** An error happened to this player: it answers no more in this run. */
  retired: boolean;
  /** An answer's `answer-expected` is awaited. */
  pending: boolean;
  /** An answer's POST has not been answered yet. */
  httpBusy: boolean;
  queued: boolean;
  sentAt: number;
  step: number;
  /** A setup phase waits for this event on the stream. */
  waiter?: { event: string; then: (block: string) => void };
};

export function newPlayer(token: string, index: number, base: string): Player {
  return {
    token,
    base,
    index,
    open: false,
    opened: false,
    news: 0,
    ready: false,
    retired: false,
    pending: false,
    httpBusy: false,
    queued: false,
    sentAt: 0,
    step: -1,
  };
}
