import { describe, expect, it } from "vitest";
import type { BusSignal, GameActivity, PositionUpdate, Presence } from "./bus";
import { PRESENCE } from "../../test/support/presence";
import { dispatchSignal } from "./signals";

describe("dispatchSignal", () => {
  it("hands each kind of signal to its own handler, with its value", () => {
    const heard: string[] = [];
    const handlers = {
      due: (at: Date) => void heard.push(`due ${at.toISOString()}`),
      account: (playerId: number) => void heard.push(`account ${playerId}`),
      scored: () => void heard.push("scored"),
      moved: (playerId: number) => void heard.push(`moved ${playerId}`),
      news: () => void heard.push("news"),
      presence: ({ instance, streams }: Presence) =>
        void heard.push(`presence ${instance} ${streams}`),
      activity: ({ kind, stream }: GameActivity) => void heard.push(`activity ${kind} ${stream}`),
      position: ({ stream, playerId, shared }: PositionUpdate) =>
        void heard.push(`position ${stream} ${playerId} ${shared?.name ?? "stopped"}`),
      reload: (instance: string) => void heard.push(`reload ${instance}`),
    };
    const signals: BusSignal[] = [
      { kind: "due", at: Date.parse("2026-05-01T10:00:00Z") },
      { kind: "account", playerId: 4 },
      { kind: "scored" },
      { kind: "moved", playerId: 7 },
      { kind: "news" },
      { kind: "presence", presence: { ...PRESENCE, instance: "b", streams: 3 } },
      { kind: "activity", activity: { kind: "done", stream: "team:1", id: 4, points: 3, at: 0 } },
      {
        kind: "position",
        update: {
          stream: "team:1",
          playerId: 7,
          shared: { name: "Ben", latitude: 1, longitude: 2 },
        },
      },
      { kind: "position", update: { stream: "team:1", playerId: 7 } },
      { kind: "reload", instance: "c" },
    ];
    for (const signal of signals) dispatchSignal(signal, handlers);
    expect(heard).toEqual([
      "due 2026-05-01T10:00:00.000Z",
      "account 4",
      "scored",
      "moved 7",
      "news",
      "presence b 3",
      "activity done team:1",
      "position team:1 7 Ben",
      "position team:1 7 stopped",
      "reload c",
    ]);
  });
});
