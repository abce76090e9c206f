import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminQuery, createTestSchema } from "../../test/support/postgres";
import { stationRun } from "../../test/support/station-runs";
import type { DatabaseConfig } from "../config";
import { writeOutcome } from "./outcome-writer";
import type { RunWrite } from "./run-store";
import { RUN_FIELDS, columnOf } from "./station-run-columns";
import type { StationRun } from "./station-run-columns";
import { openStore } from "./store";
import type { Store } from "./store";

const AT = "2026-05-01T10:00:00.000Z";
const LATER = "2026-05-01T11:00:00.000Z";

/** A fresh database of each dialect, and the columns its station_runs table has. */
type Fresh = {
  config: DatabaseConfig;
  columns(): Promise<string[]>;
  drop(): Promise<void>;
};

const databases: [string, () => Promise<Fresh>][] = [
  [
    "SQLite",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-runs-"));
      const file = join(dir, "db.sqlite");
      return {
        config: { kind: "sqlite", file },
        columns: () => {
          const sqlite = new SqliteDatabase(file, { readonly: true });
          try {
            const rows = sqlite.pragma("table_info(station_runs)") as { name: string }[];
            return Promise.resolve(rows.map((row) => row.name));
          } finally {
            sqlite.close();
          }
        },
        drop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return {
        config: schema.database,
        columns: async () => {
          const rows = await adminQuery<{ name: string }>(
            `select column_name as name from information_schema.columns
             where table_schema = $1 and table_name = 'station_runs'`,
            [schema.name],
          );
          return rows.map((row) => row.name);
        },
        drop: schema.drop,
      };
    },
  ],
];

/** A run with a value in every column. */
const started = stationRun({ stationId: 3, updatedAt: AT, startedAt: AT });

describe.each(databases)("a station run through the column map on %s", (_name, open) => {
  let fresh: Fresh;
  let store: Store;

  beforeEach(async () => {
    fresh = await open();
    store = openStore(fresh.config);
    await store.migrate();
    await store.transaction(async (repos) => {
      await repos.streams.create("player:1");
      await repos.participants.create("player:1", AT);
      await repos.participants.setCurrentStation("player:1", 3, AT);
    });
  });

  afterEach(async () => {
    await store.close();
    await fresh.drop();
  });

  it("names every column of station_runs, and only those", async () => {
    const columns = RUN_FIELDS.map(columnOf);
    expect((await fresh.columns()).toSorted()).toEqual(columns.toSorted());
    // Kysely names the same columns (its CamelCasePlugin): the field in snake case.
    expect(columns).toEqual(
      RUN_FIELDS.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
    );
  });

  it("reads a saved run back whole, through the repository and the answer path", async () => {
    await store.repos.stationRuns.save(started);
    expect(await store.repos.stationRuns.find("player:1", 3)).toEqual(started);
    expect(await store.runs.load("player:1", 3)).toEqual({
      version: 0,
      lastSeq: 0,
      currentStation: 3,
      run: started,
    });
    expect(await store.runs.snapshot("player:1", 0)).toMatchObject({
      runs: [{ stationId: 3, status: "active", points: 1 }],
    });
  });

  it("writes an answer's outcome from the map, and reads it back whole", async () => {
    await store.repos.stationRuns.save(started);
    const stepped: StationRun = {
      ...started,
      status: "done",
      inkState: '{"flow":"end"}',
      awaiting: { answer: false, buttons: [] },
      points: 3,
      scriptVersion: "v2",
      updatedAt: LATER,
      doneAt: LATER,
      wrongAnswers: 3,
    };
    const write: RunWrite = {
      stream: "player:1",
      at: LATER,
      version: 0,
      lastSeq: 1,
      outcome: {
        runs: [stepped],
        currentStation: 0,
        events: [{ seq: 1, type: "webtext", stationId: 3, payload: '{"Text":"Gockel"}' }],
        agenda: [{ stationId: 3, kind: "messages", dueAt: LATER, payload: "{}" }],
        scored: true,
      },
    };
    expect(await store.runs.commit(write)).toBe(true);
    expect(await store.repos.stationRuns.find("player:1", 3)).toEqual(stepped);
    expect(await store.runs.load("player:1", 3)).toEqual({
      version: 1,
      lastSeq: 1,
      currentStation: 0,
      run: stepped,
    });
    expect(await store.repos.scheduled.nextDue()).toBe(LATER);
  });

  it("writes a locked turn's outcome: a cancellation's time stays through a new start", async () => {
    await store.repos.stationRuns.save(started);
    await store.transaction((repos) =>
      writeOutcome(repos, "player:1", LATER, {
        runs: [],
        cancelled: [3],
        currentStation: 0,
        agenda: [],
      }),
    );
    const cancelled = { ...started, status: "cancelled", updatedAt: LATER, cancelledAt: LATER };
    expect(await store.repos.stationRuns.find("player:1", 3)).toEqual(cancelled);

    const again: StationRun = { ...started, updatedAt: LATER, startedAt: LATER, wrongAnswers: 0 };
    await store.transaction((repos) =>
      writeOutcome(repos, "player:1", LATER, {
        runs: [again],
        currentStation: 3,
        agenda: [{ stationId: 3, kind: "reminder", dueAt: LATER, payload: null }],
      }),
    );
    const run = { ...again, cancelledAt: LATER };
    expect(await store.repos.stationRuns.find("player:1", 3)).toEqual(run);
    expect(await store.runs.load("player:1", 3)).toMatchObject({ currentStation: 3, run });
  });
});
