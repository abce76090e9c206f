import SqliteDatabase from "better-sqlite3";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { testDatabaseUrl } from "./support/postgres";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Readiness tells a load balancer whether to send players here: a database that answers but
 * takes no write (a full disk, a lock nobody releases) is not ready. Here another connection
 * holds the write lock, so every write of the app fails (SQLite after its busy timeout,
 * PostgreSQL after the check's own 2 s).
 */

/** Holds the database's write lock until the returned function releases it. */
async function holdWriteLock(db: TestDatabase): Promise<() => Promise<void>> {
  const { where } = db;
  if ("dbFile" in where) {
    const sqlite = new SqliteDatabase(where.dbFile);
    sqlite.exec("BEGIN IMMEDIATE");
    return async () => {
      sqlite.exec("ROLLBACK");
      sqlite.close();
    };
  }
  if (where.database.kind !== "postgres") throw new Error("expected PostgreSQL");
  // The test schema is the connection's search_path (support/postgres.ts).
  const options = new URL(where.database.url).searchParams.get("options") ?? "";
  const schema = /search_path=(\S+)/.exec(options)?.[1];
  const client = new Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query("BEGIN");
  await client.query(`LOCK TABLE ${schema}.readiness IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await client.query("ROLLBACK");
    await client.end();
  };
}

describe.each(dialects)("readiness ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp(db.where);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  const ready = async () => {
    const response = await fetch(`${app.url}/readyz`);
    return [response.status, await response.text()];
  };

  it("is ready while the database takes a write, and not while it takes none", async () => {
    expect(await ready()).toEqual([200, "ready"]);
    const release = await holdWriteLock(db);
    try {
      expect(await ready()).toEqual([503, "database cannot write"]);
      // Alive all the same: the supervisor must not restart it for this.
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await release();
    }
    expect(await ready()).toEqual([200, "ready"]);
  }, 30_000);
});
