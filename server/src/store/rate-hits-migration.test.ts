import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { adminQuery, createTestSchema } from "../../test/support/postgres";
import { openStore } from "./store";

const HOUR = 60 * 60 * 1000;
const at = (second: number) => new Date(Date.UTC(2026, 10, 30, 10, 0, second)).toISOString();
const expires = (second: number) => new Date(Date.parse(at(second)) + HOUR).toISOString();

describe("migration 024", () => {
  it.each(["SQLite", "PostgreSQL"])(
    "counts the hits of before into their rows: every limit holds where it held (%s)",
    async (dialect) => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
      const file = join(dir, "db.sqlite");
      const schema = dialect === "PostgreSQL" ? await createTestSchema() : undefined;
      const store = openStore(schema?.database ?? { kind: "sqlite", file });
      try {
        await store.migrate("023-operator-games");
        // Hits as the schema of 023 holds them, written without the code of today: two of
        // one key at one time, one at another, one of another key.
        const hits = [
          ["signupsPerGame", "g1", at(1)],
          ["signupsPerGame", "g1", at(1)],
          ["signupsPerGame", "g1", at(2)],
          ["smsPerPhone", "p1", at(3)],
        ] as const;
        const table = schema ? `${schema.name}.rate_hits` : "rate_hits";
        const insert = `insert into ${table} (rule, key_hash, at, expires_at)`;
        const sqlite = schema ? undefined : new SqliteDatabase(file);
        for (const [rule, key, time] of hits) {
          const values = [rule, key, time, expires(Number(time.slice(17, 19)))];
          if (schema) await adminQuery(`${insert} values ($1, $2, $3, $4)`, values);
          else sqlite?.prepare(`${insert} values (?, ?, ?, ?)`).run(values);
        }
        sqlite?.close();
        await store.migrate();
        const { rateHits } = store.repos;
        expect(await rateHits.nthNewest("signupsPerGame", "g1", at(0), 1)).toBe(at(2));
        expect(await rateHits.nthNewest("signupsPerGame", "g1", at(0), 2)).toBe(at(1));
        expect(await rateHits.nthNewest("signupsPerGame", "g1", at(0), 3)).toBe(at(1));
        expect(await rateHits.nthNewest("signupsPerGame", "g1", at(0), 4)).toBeUndefined();
        expect(await rateHits.nthNewest("smsPerPhone", "p1", at(0), 1)).toBe(at(3));
        // Their expiry came along: the sweep deletes the hits of second 1 and 2 only.
        await rateHits.deleteExpired(expires(2));
        expect(await rateHits.nthNewest("signupsPerGame", "g1", at(0), 1)).toBeUndefined();
        expect(await rateHits.nthNewest("smsPerPhone", "p1", at(0), 1)).toBe(at(3));
      } finally {
        await store.close();
        await schema?.drop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
