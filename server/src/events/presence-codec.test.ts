import { describe, expect, it } from "vitest";
import { PRESENCE } from "../../test/support/presence";
import { decodeSignal, encodeSignal } from "./bus";

describe("an instance's report on the bus", () => {
  it("reads back what it writes, with and without a reload", () => {
    const packOnly = { version: PRESENCE.pack.version };
    for (const presence of [PRESENCE, { ...PRESENCE, pack: packOnly, players: [] }]) {
      expect(decodeSignal(encodeSignal({ kind: "presence", presence }))).toEqual({
        kind: "presence",
        presence,
      });
    }
  });

  it("refuses a report that does not fit: bad names, counts, parts, players", () => {
    const bad = [
      { instance: "a b" },
      { streams: -1 },
      { part: 1, parts: 1 },
      { parts: 0 },
      { players: [0] },
      { players: ["7"] },
      { pack: { version: 7 } },
      { pack: { version: "v", reload: { at: 1, ok: "yes", problems: 0 } } },
    ];
    for (const change of bad) {
      expect(decodeSignal(`!presence:${JSON.stringify({ ...PRESENCE, ...change })}`)).toBe(
        undefined,
      );
    }
    for (const payload of [
      "!presence:",
      "!presence:{",
      "!presence:[]",
      "!reload:",
      "!reload:a b",
    ]) {
      expect(decodeSignal(payload)).toBeUndefined();
    }
  });
});
