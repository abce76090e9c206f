import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A schema of its own on the tests' PostgreSQL (TEST_DATABASE_URL, which `npm run test:e2e`
 * provides through scripts/test-database.mjs) for servers that share one database, and the
 * URL that puts them in it.
 */
export type TestSchema = { url: string; drop(): Promise<void> };

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createSchema(): Promise<TestSchema> {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error("TEST_DATABASE_URL is not set: run through scripts/test-database.mjs");
  }
  const name = `e2e_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE SCHEMA ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${name}`);
  return { url: url.toString(), drop: () => admin(`DROP SCHEMA ${name} CASCADE`) };
}
