import { randomBytes } from "node:crypto";
import { Client } from "pg";
import type { QueryResultRow } from "pg";

/** The PostgreSQL the tests use (trust auth locally and in CI); each test file takes a schema. */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestSchema = {
  /** The schema's name, unique to this test run. */
  name: string;
  /** Connections by this config see the schema alone: it is their `search_path`. */
  database: { kind: "postgres"; url: string };
  /** Drops the schema with everything in it; close every store on it first. */
  drop(): Promise<void>;
};

/** Runs SQL on a connection of its own, outside every test schema; answers the last rows. */
export async function adminQuery<Row extends QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates a fresh, uniquely named schema in the test database. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE SCHEMA ${name}`);
  const url = new URL(testDatabaseUrl);
  // No parallel workers: one failed to find the schema (3F000, "parallel worker") while other
  // runs on the shared server created and dropped theirs; the tests' tables are tiny anyway.
  url.searchParams.set("options", `-c search_path=${name} -c max_parallel_workers_per_gather=0`);
  return {
    name,
    database: { kind: "postgres", url: url.toString() },
    drop: async () => {
      await adminQuery(`DROP SCHEMA ${name} CASCADE`);
    },
  };
}
