import { join } from "node:path";
import type { DatabaseConfig } from "../../src/config";
import { dumpDatabase } from "./db-dump";
import { adminQuery, createTestSchema } from "./postgres";
import { tempDir } from "./test-app";

/** Where an app keeps its data: two apps on the same place are a restart, or two instances. */
export type Where = { dbFile: string } | { database: DatabaseConfig };

export type TestDatabase = {
  where: Where;
  /** Every row of every table as text: a test can look for a name or number anywhere. */
  dump(): Promise<string>;
  /** Removes the database; close every app on it first. */
  done(): Promise<void>;
};

export type Dialect = { name: "SQLite" | "PostgreSQL"; open(): Promise<TestDatabase> };

/** A fresh database of each dialect, for `describe.each(dialects)`. */
export const dialects: Dialect[] = [
  {
    name: "SQLite",
    open: async () => {
      const dir = await tempDir();
      const dbFile = join(dir.dir, "db.sqlite");
      return {
        where: { dbFile },
        dump: () => Promise.resolve(dumpDatabase(dbFile)),
        done: dir.remove,
      };
    },
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const schema = await createTestSchema();
      return {
        where: { database: schema.database },
        dump: () => dumpSchema(schema.name),
        done: schema.drop,
      };
    },
  },
];

/** Every row of every table of a test schema as text, in one order: two dumps compare. */
async function dumpSchema(schema: string): Promise<string> {
  const tables = await adminQuery<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1
      ORDER BY table_name`,
    [schema],
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await adminQuery(
      `SELECT row_to_json(t)::text AS row FROM ${schema}."${name}" t ORDER BY 1`,
    );
    parts.push(`${name}: ${JSON.stringify(rows)}`);
  }
  return parts.join("\n");
}
