import type { Presence } from "../../src/events/bus";

/** An instance's report of itself, as the bus carries it (operator-views/presence.ts). */
export const PRESENCE: Presence = {
  instance: "a1-b2",
  host: "web-1",
  startedAt: 1_777_000_000_000,
  report: 4,
  part: 0,
  parts: 1,
  streams: 9500,
  players: [1, 2, 9012],
  pack: { version: "Ab3_x-9", reload: { at: 1_777_000_000_100, ok: false, problems: 2 } },
};
