import type { DatabaseConfig } from "../../src/config";
import { openStore } from "../../src/store/store";
import type { Store } from "../../src/store/store";
import { createTestSchema } from "./postgres";

/** A migrated store on a fresh, empty database, and what closes it and removes the database. */
export type FreshStore = { store: Store; done(): Promise<void> };

async function migrated(config: DatabaseConfig, drop: () => Promise<void>): Promise<FreshStore> {
  const store = openStore(config);
  await store.migrate();
  return {
    store,
    done: async () => {
      await store.close();
      await drop();
    },
  };
}

/** A fresh store of each dialect, for `describe.each`. */
export const storeDatabases: [string, () => Promise<FreshStore>][] = [
  ["SQLite", () => migrated({ kind: "sqlite", file: ":memory:" }, () => Promise.resolve())],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      return migrated(schema.database, schema.drop);
    },
  ],
];
