import type { DatabaseConfig } from "../../src/config";
import { createTestSchema } from "./postgres";

/** A fresh, empty database of each dialect for a store, and what removes it. */
export const storeDatabases: [
  string,
  () => Promise<{ config: DatabaseConfig; drop(): Promise<void> }>,
][] = [
  [
    "SQLite",
    async () => ({ config: { kind: "sqlite", file: ":memory:" }, drop: () => Promise.resolve() }),
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return { config: schema.database, drop: schema.drop };
    },
  ],
];
