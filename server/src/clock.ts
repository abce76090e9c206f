/** The time source of the server, injected so tests control event timestamps. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
