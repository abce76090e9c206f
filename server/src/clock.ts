/** The time source of the server, injected so tests control event timestamps. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * Calls `callback` once after `ms` milliseconds; the returned function cancels it. Injected, like
 * the clock, so tests fire the scheduler's timer themselves instead of waiting for it.
 */
export type Timer = (callback: () => void, ms: number) => () => void;

export const systemTimer: Timer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  // A pending delivery must not keep a stopping process (or a test run) alive.
  handle.unref();
  return () => clearTimeout(handle);
};
