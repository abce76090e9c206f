import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendEvents } from "../events/event-log";
import { openStore } from "./store";
import type { Store } from "./store";

let store: Store;
const AT = "2026-05-01T10:00:00.000Z";

beforeEach(async () => {
  store = openStore({ kind: "sqlite", file: ":memory:" });
  await store.migrate();
  await store.transaction(async (repos) => {
    await repos.streams.create("player:1");
    await repos.participants.create("player:1", AT);
  });
});

afterEach(async () => {
  await store.close();
});

describe("the store", () => {
  it("migrates twice without harm and answers a ping", async () => {
    await store.migrate();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it("numbers a stream's events consecutively and reads after an id", async () => {
    const last = await store.transaction((repos) =>
      appendEvents(
        repos,
        "player:1",
        [
          { type: "webtext", data: { StationID: 1, Originator: "Lena", Text: "a", Timestamp: AT } },
          { type: "answer-expected", data: { StationID: 1 } },
        ],
        AT,
      ),
    );
    expect(last).toBe(2);
    await store.transaction((repos) =>
      appendEvents(repos, "player:1", [{ type: "error", data: { Text: "x" } }], AT),
    );
    expect(await store.repos.streams.lastSeq("player:1")).toBe(3);
    const after = await store.repos.events.listAfter("player:1", 1);
    expect(after).toEqual([
      { seq: 2, type: "answer-expected", payload: '{"StationID":1}' },
      { seq: 3, type: "error", payload: '{"Text":"x"}' },
    ]);
  });

  it("hides a station's retracted events from later reads", async () => {
    await store.transaction((repos) =>
      appendEvents(
        repos,
        "player:1",
        [
          { type: "answer-expected", data: { StationID: 1 } },
          { type: "answer-expected", data: { StationID: 2 } },
        ],
        AT,
      ),
    );
    await store.repos.events.retractStation("player:1", 1);
    expect((await store.repos.events.listAfter("player:1", 0)).map((r) => r.seq)).toEqual([2]);
  });

  it("rolls back everything of a failed transaction", async () => {
    await expect(
      store.transaction(async (repos) => {
        await appendEvents(repos, "player:1", [{ type: "error", data: { Text: "x" } }], AT);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await store.repos.streams.lastSeq("player:1")).toBe(0);
    expect(await store.repos.events.listAfter("player:1", 0)).toEqual([]);
  });

  it("refuses events of a stream that does not exist", async () => {
    await expect(
      store.transaction((repos) =>
        appendEvents(repos, "player:9", [{ type: "error", data: { Text: "x" } }], AT),
      ),
    ).rejects.toThrow("stream player:9 does not exist");
  });

  it("saves a station run and replaces it on a restart", async () => {
    const run = {
      stream: "player:1",
      stationId: 1,
      status: "active" as const,
      inkState: "{}",
      awaiting: '{"answer":true,"buttons":[]}',
      points: 0,
      language: "de" as const,
      updatedAt: AT,
    };
    await store.repos.stationRuns.save(run);
    await store.repos.stationRuns.setStatus("player:1", 1, "cancelled", AT);
    expect((await store.repos.stationRuns.find("player:1", 1))?.status).toBe("cancelled");
    await store.repos.stationRuns.save({ ...run, inkState: '{"again":1}' });
    expect(await store.repos.stationRuns.listByStream("player:1")).toEqual([
      { ...run, inkState: '{"again":1}' },
    ]);
  });

  it("keeps the current station per participant", async () => {
    expect(await store.repos.participants.currentStation("player:1")).toBe(0);
    await store.repos.participants.setCurrentStation("player:1", 2, AT);
    expect(await store.repos.participants.currentStation("player:1")).toBe(2);
  });
});
