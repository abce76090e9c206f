import type { OpsClock } from "@wegmarke/protocol";

/** The clock as last read, and how far the server's time is ahead of the browser's (ms). */
export type KnownClock = { clock: OpsClock; offset: number };

/** `clock` with the offset of the server's time it names to the browser's at `browserNow`. */
export function knownClock(clock: OpsClock, browserNow: number): KnownClock {
  const offset = Date.parse(clock.now) - browserNow;
  return { clock, offset: Number.isNaN(offset) ? 0 : offset };
}

/** Two times as the same instant, or both none. */
export const sameTime = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** Whether the game's end has come at the server's time `serverNow`. */
export const isOver = ({ endsAt }: OpsClock, serverNow: number): boolean =>
  endsAt !== null && Date.parse(endsAt) <= serverNow;

/** The server's time now, by the browser's clock and the offset last read. */
export const serverTime = ({ offset }: KnownClock): number => Date.now() + offset;
