import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Client } from "pg";
import { openStore } from "../../src/store/store";
import type { Store } from "../../src/store/store";
import { createTestSchema } from "./postgres";

/** SQL on the database beside the store, as an operator's tool would run it. */
export type Raw = {
  rows(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

export async function sqliteRaw(file: string): Promise<Raw> {
  const db = new SqliteDatabase(file);
  db.pragma("foreign_keys = ON");
  return {
    rows: async (text) => {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all() as Record<string, unknown>[];
      statement.run();
      return [];
    },
    close: async () => {
      db.close();
    },
  };
}

export async function postgresRaw(url: string): Promise<Raw> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    close: () => client.end(),
  };
}

/** A fresh store (not migrated) with SQL beside it; `close` closes both and deletes the data. */
export type RawDatabase = { store: Store; raw: Raw; close(): Promise<void> };

/** A fresh database of each dialect, for a migration's test. */
export const rawDatabases: { name: string; open(): Promise<RawDatabase> }[] = [
  {
    name: "SQLite",
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
      const file = join(dir, "db.sqlite");
      const store = openStore({ kind: "sqlite", file });
      const raw = await sqliteRaw(file);
      return {
        store,
        raw,
        close: async () => {
          await raw.close();
          await store.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const schema = await createTestSchema();
      const store = openStore(schema.database);
      const raw = await postgresRaw(schema.database.url);
      return {
        store,
        raw,
        close: async () => {
          await raw.close();
          await store.close();
          await schema.drop();
        },
      };
    },
  },
];
