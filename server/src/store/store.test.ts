// Over 300 lines: every repository on both dialects, a test per query.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestSchema } from "../../test/support/postgres";
import { stationRun } from "../../test/support/station-runs";
import { appendEvents } from "../events/event-log";
import type { RunWrite } from "./run-store";
import type { StationRun } from "./station-run-columns";
import { openStore } from "./store";
import type { Store } from "./store";
import { storeDatabases } from "../../test/support/store-databases";
import type { FreshStore } from "../../test/support/store-databases";

const EARLIER = "2026-05-01T09:00:00.000Z";
const AT = "2026-05-01T10:00:00.000Z";
const LATER = "2026-05-01T11:00:00.000Z";

describe.each(storeDatabases)("the store on %s", (_name, fresh) => {
  let opened: FreshStore;
  let store: Store;

  beforeEach(async () => {
    opened = await fresh();
    store = opened.store;
    await store.transaction(async (repos) => {
      await repos.streams.create("player:1");
      await repos.participants.create("player:1", AT);
    });
  });

  afterEach(() => opened.done());

  it("migrates twice without harm and answers a ping", async () => {
    await store.migrate();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it("numbers a stream's events consecutively and reads after an id", async () => {
    const rows = await store.transaction((repos) =>
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
    expect(rows).toEqual([
      {
        seq: 1,
        type: "webtext",
        payload: `{"StationID":1,"Originator":"Lena","Text":"a","Timestamp":"${AT}"}`,
      },
      { seq: 2, type: "answer-expected", payload: '{"StationID":1}' },
    ]);
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
    const run = stationRun({
      stream: "player:1",
      stationId: 1,
      status: "active",
      inkState: "{}",
      awaiting: { answer: true, buttons: [] },
      points: 0,
      language: "de",
      scriptVersion: "v1",
      updatedAt: AT,
      startedAt: AT,
      doneAt: null,
      wrongAnswers: 0,
    });
    await store.repos.stationRuns.save(run);
    await store.repos.stationRuns.cancel("player:1", 1, AT);
    expect((await store.repos.stationRuns.find("player:1", 1))?.status).toBe("cancelled");
    await store.repos.stationRuns.save({ ...run, inkState: '{"again":1}' });
    // The cancellation's time stays through the restart.
    expect(await store.repos.stationRuns.listByStream("player:1")).toEqual([
      { ...run, inkState: '{"again":1}', cancelledAt: AT },
    ]);
  });

  it("keeps the current station per participant", async () => {
    expect(await store.repos.participants.currentStation("player:1")).toBe(0);
    await store.repos.participants.setCurrentStation("player:1", 2, AT);
    expect(await store.repos.participants.currentStation("player:1")).toBe(2);
  });

  it("assigns ids and answers counts and sums as numbers", async () => {
    const player = { storyId: "marburg", language: "de" as const, createdAt: AT };
    expect(await store.repos.players.create(player)).toBe(1);
    expect(await store.repos.players.create(player)).toBe(2);
    const team = await store.repos.teams.create(AT, 1);
    expect(team).toBe(1);
    await store.repos.players.update(1, { teamId: team });
    await store.repos.players.update(2, { teamId: team });
    expect(await store.repos.players.countInTeam(team)).toBe(2);
    for (const [stationId, points] of [
      [1, 3],
      [2, 4],
    ] as const) {
      await store.repos.stationRuns.save(
        stationRun({
          stream: "player:1",
          stationId,
          status: "done",
          inkState: "{}",
          awaiting: { answer: false, buttons: [] },
          points,
          language: "de",
          scriptVersion: null,
          updatedAt: stationId === 1 ? AT : LATER,
          startedAt: AT,
          doneAt: stationId === 1 ? AT : LATER,
          wrongAnswers: 0,
        }),
      );
    }
    expect(await store.repos.stationRuns.totals()).toEqual([
      { stream: "player:1", points: 7, stations: 2, reachedAt: LATER },
    ]);
  });

  it("finds players without a station run, on their own stream or their team's", async () => {
    const player = { storyId: "marburg", language: "de" as const, createdAt: AT };
    const idle = await store.repos.players.create(player);
    const playing = await store.repos.players.create(player);
    const member = await store.repos.players.create(player);
    const team = await store.repos.teams.create(AT, member);
    await store.repos.players.update(member, { teamId: team });
    for (const stream of [`player:${playing}`, `team:${team}`]) {
      await store.repos.streams.create(stream);
      await store.repos.stationRuns.save(
        stationRun({
          stream,
          stationId: 1,
          status: "active",
          inkState: "{}",
          awaiting: { answer: false, buttons: [] },
          points: 0,
          language: "de",
          scriptVersion: null,
          updatedAt: AT,
          startedAt: AT,
          doneAt: null,
          wrongAnswers: 0,
        }),
      );
    }
    expect(await store.repos.players.listInactiveSince(LATER, 10)).toEqual([
      { id: idle, teamId: null },
    ]);
    expect(await store.repos.players.listInactiveSince(LATER, 10, [playing, member])).toEqual([]);
    expect(await store.repos.players.listInactiveSince(LATER, 10, [])).toEqual([]);
    expect(await store.repos.players.listInactiveSince(EARLIER, 10)).toEqual([]);
  });

  it("inserts a player for a phone number only while the number is free", async () => {
    const player = { storyId: "marburg", language: "de" as const, createdAt: AT };
    const phone = "+491711234567";
    const first = await store.repos.players.createForPhone({ ...player, phone, firstName: "Lena" });
    expect(first).toBeTypeOf("number");
    expect(await store.repos.players.createForPhone({ ...player, phone, firstName: "Jan" })).toBe(
      undefined,
    );
    expect(await store.repos.players.findByPhone(phone)).toMatchObject({
      id: first,
      firstName: "Lena",
    });
    // Players without a number (anonymous ones) never collide.
    expect(await store.repos.players.create(player)).not.toBe(first);
    expect(await store.repos.players.create(player)).not.toBe(first);
  });

  it("replaces a pending SMS code and uses a reset link once", async () => {
    const playerId = await store.repos.players.create({
      storyId: "marburg",
      language: "de",
      createdAt: AT,
    });
    await store.repos.smsCodes.replace({
      playerId,
      codeHash: "a",
      expiresAt: LATER,
      failedTries: 0,
    });
    // Two tries of two: the code is used up.
    expect((await store.repos.smsCodes.countTry(playerId, 2))?.failedTries).toBe(1);
    expect((await store.repos.smsCodes.countTry(playerId, 2))?.codeHash).toBe("a");
    expect(await store.repos.smsCodes.countTry(playerId, 2)).toBeUndefined();
    expect((await store.repos.smsCodes.find(playerId))?.failedTries).toBe(2);
    await store.repos.smsCodes.replace({
      playerId,
      codeHash: "b",
      expiresAt: LATER,
      failedTries: 0,
    });
    expect(await store.repos.smsCodes.find(playerId)).toEqual({
      playerId,
      codeHash: "b",
      expiresAt: LATER,
      failedTries: 0,
    });
    await store.repos.passwordResets.create({ tokenHash: "t", playerId, expiresAt: LATER });
    expect(await store.repos.passwordResets.consume("t", AT)).toBe(playerId);
    expect(await store.repos.passwordResets.consume("t", AT)).toBeUndefined();
  });

  it("keeps media ratios exactly", async () => {
    const key = { stream: "player:1", stationId: 1, contentRef: "stations/1/film.mp4" };
    await store.repos.mediaProgress.insert({
      ...key,
      maxRatio: 0.1,
      seenRatio: 0.7,
      seenAt: null,
      updatedAt: AT,
    });
    await store.repos.mediaProgress.advance(key, { maxRatio: 0.3, seenAt: null, updatedAt: LATER });
    expect(await store.repos.mediaProgress.find(key.stream, key.stationId, key.contentRef)).toEqual(
      { ...key, maxRatio: 0.3, seenRatio: 0.7, seenAt: null, updatedAt: LATER },
    );
  });

  it("keeps the agenda: the earliest due time, due streams, due rows in planned order", async () => {
    const row = { stream: "player:1", stationId: 1, kind: "messages" as const, payload: "{}" };
    await store.repos.scheduled.insert({ ...row, dueAt: LATER });
    await store.repos.scheduled.insert({ ...row, dueAt: AT });
    await store.repos.scheduled.insert({ ...row, kind: "reminder", dueAt: AT, payload: null });
    expect(await store.repos.scheduled.nextDue()).toBe(AT);
    expect(await store.repos.scheduled.dueStreams(AT, 10)).toEqual(["player:1"]);
    const due = await store.transaction((repos) => repos.scheduled.claimDue("player:1", AT));
    expect(due.map((r) => [r.id, r.kind])).toEqual([
      [2, "messages"],
      [3, "reminder"],
    ]);
    await store.repos.scheduled.deleteIds(due.map((r) => r.id));
    await store.repos.scheduled.postpone("player:1", 1, "messages", "2026-05-01T12:00:00.000Z");
    expect(await store.repos.scheduled.nextDue()).toBe("2026-05-01T12:00:00.000Z");
  });

  describe("the answer path (run store)", () => {
    const started = stationRun({
      stream: "player:1",
      stationId: 1,
      status: "active",
      inkState: "{}",
      awaiting: { answer: true, buttons: [] },
      points: 0,
      language: "de",
      scriptVersion: null,
      updatedAt: AT,
      startedAt: AT,
      doneAt: null,
      wrongAnswers: 0,
    });
    const startRun = () => store.repos.stationRuns.save(started);
    const write = (version: number, lastSeq: number, stream = "player:1"): RunWrite => ({
      stream,
      version,
      at: LATER,
      lastSeq: lastSeq + 2,
      outcome: {
        runs: [
          stationRun({
            stream,
            stationId: 1,
            status: "done",
            inkState: '{"s":2}',
            awaiting: { answer: false, buttons: [] },
            points: 3,
            language: "de",
            scriptVersion: "v2",
            updatedAt: LATER,
            startedAt: AT,
            doneAt: LATER,
            wrongAnswers: 1,
            cancelledAt: null,
          }),
        ],
        currentStation: 0,
        events: [
          { seq: lastSeq + 1, type: "webtext", stationId: 1, payload: '{"Text":"Gockel"}' },
          { seq: lastSeq + 2, type: "playerstatus", stationId: null, payload: "{}" },
        ],
        remindersDropped: [1],
        agenda: [{ stationId: 1, kind: "messages", dueAt: LATER, payload: '{"later":1}' }],
      },
    });

    it("reads the stream, its current station and the station's run in one go", async () => {
      expect(await store.runs.load("player:9", 1)).toBeUndefined();
      expect(await store.runs.load("player:1", 1)).toEqual({
        version: 0,
        lastSeq: 0,
        currentStation: 0,
      });
      await startRun();
      await store.repos.participants.setCurrentStation("player:1", 1, AT);
      expect(await store.runs.load("player:1", 1)).toEqual({
        version: 0,
        lastSeq: 0,
        currentStation: 1,
        run: started,
      });
    });

    it("writes a step's outcome while the stream is as it was read, and else nothing", async () => {
      await startRun();
      await store.repos.participants.setCurrentStation("player:1", 1, AT);
      await store.repos.scheduled.insert({
        stream: "player:1",
        stationId: 1,
        kind: "reminder",
        dueAt: LATER,
        payload: null,
      });
      const read = await store.runs.load("player:1", 1);
      // A turn that locked the stream meanwhile: the read is stale.
      await store.transaction((repos) => repos.streams.claim("player:1"));
      expect(await store.runs.commit(write(read?.version ?? -1, 0))).toBe(false);
      expect(await store.repos.events.listAfter("player:1", 0)).toEqual([]);
      expect((await store.repos.stationRuns.find("player:1", 1))?.status).toBe("active");

      const again = await store.runs.load("player:1", 1);
      expect(again?.version).toBe(1);
      expect(await store.runs.commit(write(1, 0))).toBe(true);
      expect(await store.runs.load("player:1", 1)).toMatchObject({
        version: 2,
        lastSeq: 2,
        currentStation: 0,
        run: { status: "done", inkState: '{"s":2}', points: 3 },
      });
      // The console's figures: the wrong answer counted, the time it was done.
      expect(await store.repos.stationRuns.find("player:1", 1)).toMatchObject({
        startedAt: AT,
        doneAt: LATER,
        wrongAnswers: 1,
      });
      expect(await store.repos.events.listAfter("player:1", 0)).toEqual([
        { seq: 1, type: "webtext", payload: '{"Text":"Gockel"}' },
        { seq: 2, type: "playerstatus", payload: "{}" },
      ]);
      await store.repos.events.retractStation("player:1", 1);
      expect((await store.repos.events.listAfter("player:1", 0)).map((row) => row.seq)).toEqual([
        2,
      ]);
      // The reminder went, the delayed message came.
      expect(
        (await store.repos.scheduled.claimDue("player:1", LATER)).map((row) => row.kind),
      ).toEqual(["messages"]);
      // A second write from the same read finds the version moved on.
      expect(await store.runs.commit(write(1, 0))).toBe(false);
    });

    it("writes many streams' outcomes side by side, each exactly once", async () => {
      const streams = Array.from({ length: 40 }, (_, i) => `player:${100 + i}`);
      await store.transaction(async (repos) => {
        for (const stream of streams) {
          await repos.streams.create(stream);
          await repos.participants.create(stream, AT);
        }
      });
      const outcomes = await Promise.all(
        streams.map((stream) => {
          const { outcome, ...rest } = write(0, 0, stream);
          return store.runs.commit({
            ...rest,
            outcome: { ...outcome, currentStation: undefined, agenda: [] },
          });
        }),
      );
      expect(outcomes.every(Boolean)).toBe(true);
      for (const stream of streams) {
        expect(await store.repos.streams.lastSeq(stream)).toBe(2);
        expect(await store.repos.events.listAfter(stream, 0)).toHaveLength(2);
      }
    });

    it("undoes a write that fails, alone or beside others, and only that write", async () => {
      const streams = ["player:1", "player:2", "player:3"];
      await store.transaction(async (repos) => {
        for (const stream of streams.slice(1)) {
          await repos.streams.create(stream);
          await repos.participants.create(stream, AT);
        }
      });
      await startRun();
      expect(await store.runs.commit(write(0, 0))).toBe(true);
      // Its events' ids taken: the write fails at its events, after the stream and the run.
      const failing = () => {
        const { outcome, ...rest } = write(1, 0);
        const runs: [StationRun] = [{ ...outcome.runs[0], points: 9 }];
        return { ...rest, outcome: { ...outcome, runs } };
      };
      await expect(store.runs.commit(failing())).rejects.toThrow();
      const kept = { version: 1, lastSeq: 2, run: { points: 3 } };
      expect(await store.runs.load("player:1", 1)).toMatchObject(kept);

      const results = await Promise.allSettled([
        store.runs.commit(write(0, 0, "player:2")),
        store.runs.commit(failing()),
        store.runs.commit(write(0, 0, "player:3")),
      ]);
      expect(results.map((result) => result.status)).toEqual([
        "fulfilled",
        "rejected",
        "fulfilled",
      ]);
      expect(await store.runs.load("player:1", 1)).toMatchObject(kept);
      for (const stream of ["player:2", "player:3"]) {
        expect(await store.repos.events.listAfter(stream, 0)).toHaveLength(2);
      }
    });
  });

  it("locks only the streams that exist", async () => {
    await store.repos.streams.create("team:1");
    const locked = await store.transaction((repos) =>
      repos.streams.lock(["team:1", "player:9", "player:1"]),
    );
    expect(locked).toEqual(["player:1", "team:1"]);
  });
});

/** Resolves with what `claim` resolved with, holding its transaction open until `release`. */
function holdTransaction<T>(store: Store, claim: (repos: Store["repos"]) => Promise<T>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let claimed: (value: T) => void = () => undefined;
  const result = new Promise<T>((resolve) => (claimed = resolve));
  const done = store.transaction(async (repos) => {
    claimed(await claim(repos));
    await released;
  });
  return { result, release, done };
}

describe("the store on PostgreSQL, with transactions side by side", () => {
  let store: Store;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    store = openStore(schema.database);
    await store.migrate();
    await store.transaction(async (repos) => {
      await repos.streams.create("player:1");
      await repos.scheduled.insert({
        stream: "player:1",
        stationId: 1,
        kind: "reminder",
        dueAt: AT,
        payload: null,
      });
    });
  });

  afterEach(async () => {
    await store.close();
    await drop();
  });

  it("skips due rows another transaction has claimed, without waiting for it", async () => {
    const first = holdTransaction(store, (repos) => repos.scheduled.claimDue("player:1", AT));
    expect(await first.result).toHaveLength(1);
    const second = await store.transaction((repos) => repos.scheduled.claimDue("player:1", AT));
    expect(second).toEqual([]);
    first.release();
    await first.done;
  });

  it("makes a second turn of a stream wait until the first commits", async () => {
    const first = holdTransaction(store, (repos) => repos.streams.lock(["player:1"]));
    expect(await first.result).toEqual(["player:1"]);
    let secondLocked = false;
    const second = store.transaction(async (repos) => {
      await repos.streams.lock(["player:1"]);
      secondLocked = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondLocked).toBe(false);
    first.release();
    await first.done;
    await second;
    expect(secondLocked).toBe(true);
  });

  it("lets two instances migrate the same empty schema at once", async () => {
    const schema = await createTestSchema();
    const stores = [openStore(schema.database), openStore(schema.database)];
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      expect(await stores[1]?.repos.scheduled.nextDue()).toBeUndefined();
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await schema.drop();
    }
  });
});
