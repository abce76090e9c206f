import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readInBackground } from "./sqlite-reader";

describe("the SQLite reader on a worker thread", () => {
  let dir: string;
  let writer: SqliteDatabase.Database;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "wegmarke-reader-"));
    writer = new SqliteDatabase(join(dir, "db.sqlite"));
    writer.pragma("journal_mode = WAL");
    writer.exec("create table t (id integer primary key, station_id integer, name text)");
  });

  afterEach(async () => {
    writer.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reads what the writer committed, many rows whole and in order, and stops", async () => {
    const reader = readInBackground(join(dir, "db.sqlite"));
    const insert = writer.prepare("insert into t (station_id, name) values (?, ?)");
    writer.transaction(() => {
      for (let i = 1; i <= 1234; i++) insert.run(i % 7, `Name ${i}`);
    })();
    const rows = (await reader.all(
      "select id, station_id from t where id > ? order by id",
      [0],
    )) as { id: number; station_id: number }[];
    expect(rows).toHaveLength(1234);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 1234 }, (_, i) => i + 1));
    expect(rows[6]).toEqual({ id: 7, station_id: 0 });
    expect(await reader.all("select count(*) as n from t where station_id = ?", [3])).toEqual([
      { n: 176 },
    ]);
    // Read-only: a write fails with the reason, and the reader goes on.
    await expect(reader.all("delete from t returning id", [])).rejects.toThrow(/readonly/);
    expect(await reader.all("select 1 as one", [])).toEqual([{ one: 1 }]);
    await reader.stop();
    await expect(reader.all("select 1", [])).rejects.toThrow(/stopped/);
  });
});
