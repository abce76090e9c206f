import { describe, expect, it } from "vitest";
import { PRESENCE } from "../../test/support/presence";
import { createInProcessBus } from "./bus";
import { SignalHandlers } from "./signals";

describe("the signals' handlers", () => {
  it("hands each kind of signal to its own handlers, with its value", () => {
    const heard: string[] = [];
    const bus = createInProcessBus();
    bus.on("due", ({ at }) => void heard.push(`due ${new Date(at).toISOString()}`));
    bus.on("account", ({ playerId }) => void heard.push(`account ${playerId}`));
    bus.on("scored", () => void heard.push("scored"));
    bus.on("moved", ({ playerId }) => void heard.push(`moved ${playerId}`));
    bus.on("news", () => void heard.push("news"));
    bus.on(
      "presence",
      ({ instance, streams }) => void heard.push(`presence ${instance} ${streams}`),
    );
    bus.on("activity", ({ kind, stream }) => void heard.push(`activity ${kind} ${stream}`));
    bus.on("position", ({ stream, playerId, shared }) => {
      heard.push(`position ${stream} ${playerId} ${shared?.name ?? "stopped"}`);
    });
    bus.on("reload", ({ instance }) => void heard.push(`reload ${instance}`));

    bus.broadcast("due", { at: Date.parse("2026-05-01T10:00:00Z") });
    bus.broadcast("account", { playerId: 4 });
    bus.broadcast("scored", {});
    bus.broadcast("moved", { playerId: 7 });
    bus.broadcast("news", {});
    bus.broadcast("presence", { ...PRESENCE, instance: "b", streams: 3 });
    bus.broadcast("activity", { kind: "done", stream: "team:1", id: 4, points: 3, at: 0 });
    bus.broadcast("position", {
      stream: "team:1",
      playerId: 7,
      shared: { name: "Ben", latitude: 1, longitude: 2 },
    });
    bus.broadcast("position", { stream: "team:1", playerId: 7 });
    bus.broadcast("reload", { instance: "c", version: "0f".repeat(32) });
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

  it("hands a game's signals to that game's handlers alone; the bus itself is the first game's", () => {
    const heard: string[] = [];
    const bus = createInProcessBus();
    bus.on("news", () => void heard.push("first"));
    bus.forGame(2).on("news", () => void heard.push("second"));
    bus
      .forGame(2)
      .forGame(3)
      .on("news", () => void heard.push("third"));
    bus.forGame(2).broadcast("news", {});
    bus.broadcast("news", {});
    bus.forGame(1).broadcast("news", {});
    bus.forGame(4).broadcast("news", {});
    bus.forGame(3).broadcast("news", {});
    expect(heard).toEqual(["second", "first", "first", "third"]);
  });

  it("runs several handlers of one signal in the order they registered, and drops one with none", () => {
    const handlers = new SignalHandlers();
    const heard: string[] = [];
    handlers.on("moved", ({ playerId }) => void heard.push(`accounts ${playerId}`));
    handlers.on("moved", ({ playerId }) => void heard.push(`streams ${playerId}`));
    handlers.dispatch("moved", { playerId: 3 });
    handlers.dispatch("scored", {});
    expect(heard).toEqual(["accounts 3", "streams 3"]);
  });

  it("runs every missed handler, reporting one that throws", () => {
    const handlers = new SignalHandlers();
    const heard: string[] = [];
    const errors: unknown[] = [];
    handlers.missed(() => {
      throw new Error("cache gone");
    });
    handlers.missed(() => void heard.push("streams reopen"));
    handlers.dispatchMissed((error) => errors.push(error));
    expect(heard).toEqual(["streams reopen"]);
    expect(errors).toEqual([new Error("cache gone")]);
  });
});
