import { describe, expect, it } from "vitest";
import type { BusSignal } from "./bus";
import { dispatchSignal } from "./signals";

describe("dispatchSignal", () => {
  it("hands each kind of signal to its own handler, with its value", () => {
    const heard: string[] = [];
    const handlers = {
      due: (at: Date) => void heard.push(`due ${at.toISOString()}`),
      account: (playerId: number) => void heard.push(`account ${playerId}`),
      scored: () => void heard.push("scored"),
      moved: (playerId: number) => void heard.push(`moved ${playerId}`),
    };
    const signals: BusSignal[] = [
      { kind: "due", at: Date.parse("2026-05-01T10:00:00Z") },
      { kind: "account", playerId: 4 },
      { kind: "scored" },
      { kind: "moved", playerId: 7 },
    ];
    for (const signal of signals) dispatchSignal(signal, handlers);
    expect(heard).toEqual(["due 2026-05-01T10:00:00.000Z", "account 4", "scored", "moved 7"]);
  });
});
