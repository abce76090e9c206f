import { afterEach, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { adminQuery, testDatabaseUrl } from "../../test/support/postgres";
import { openPool } from "./postgres-pool";

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

/** A pool on the test database whose connections start with `settings` (as a URL may ask). */
function pool(settings = ""): Pool {
  const url = new URL(testDatabaseUrl);
  if (settings) url.searchParams.set("options", settings);
  const opened = openPool(url.toString());
  pools.push(opened);
  return opened;
}

async function setting(on: Pool): Promise<string | undefined> {
  const { rows } = await on.query<{ value: string }>(
    "select current_setting('synchronous_commit') as value",
  );
  return rows[0]?.value;
}

describe("the store's PostgreSQL pool", () => {
  it("waits for the disk on every commit, even where the server or the URL says otherwise", async () => {
    expect(await setting(pool("-c synchronous_commit=off"))).toBe("on");
    // A stricter setting stays.
    expect(await setting(pool("-c synchronous_commit=remote_apply"))).toBe("remote_apply");
  });

  it("survives a connection that breaks while in use between two queries", async () => {
    const opened = pool();
    const client = await opened.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    await adminQuery("select pg_terminate_backend($1)", [rows[0]?.pid]);
    // The server's farewell arrives while no query runs: an error nobody awaits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(client.query("select 1")).rejects.toThrow();
    client.release();
    // The pool dropped the broken connection and opens another.
    expect(opened.totalCount).toBe(0);
    expect((await opened.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });
});
