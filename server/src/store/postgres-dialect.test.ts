import { CamelCasePlugin, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, createTestSchema } from "../../test/support/postgres";
import type { TestSchema } from "../../test/support/postgres";
import { OwnSchemaPostgresDialect } from "./postgres-dialect";
import { openPool } from "./postgres-pool";
import { openStore } from "./store";

/**
 * The migrator's questions to PostgreSQL see the store's own schema: another schema of the
 * same database, even one created and dropped meanwhile, neither shows nor fails the start.
 */

let own: TestSchema;
let other: TestSchema;
let db: Kysely<unknown>;

beforeAll(async () => {
  own = await createTestSchema();
  other = await createTestSchema();
  await adminQuery(`create table ${own.name}.visits (id serial primary key, place text not null,
    at timestamptz default now())`);
  await adminQuery(`comment on column ${own.name}.visits.place is 'where'`);
  await adminQuery(`create view ${own.name}.places as select place from ${own.name}.visits`);
  await adminQuery(`create table ${own.name}.kysely_migration (name text primary key)`);
  await adminQuery(`create table ${other.name}.elsewhere (id integer)`);
  db = new Kysely<unknown>({
    dialect: new OwnSchemaPostgresDialect({ pool: openPool(own.database.url) }),
    plugins: [new CamelCasePlugin()],
  });
});

afterAll(async () => {
  await db.destroy();
  await own.drop();
  await other.drop();
});

describe("the store's PostgreSQL introspection", () => {
  it("lists the tables and views of the own schema with their columns", async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => [t.schema, t.name, t.isView])).toEqual([
      [own.name, "places", true],
      [own.name, "visits", false],
    ]);
    const visits = tables.find((t) => t.name === "visits");
    expect(visits?.columns).toEqual([
      {
        name: "id",
        dataType: "int4",
        dataTypeSchema: "pg_catalog",
        isNullable: false,
        hasDefaultValue: true,
        isAutoIncrementing: true,
      },
      {
        name: "place",
        dataType: "text",
        dataTypeSchema: "pg_catalog",
        isNullable: false,
        hasDefaultValue: false,
        isAutoIncrementing: false,
        comment: "where",
      },
      {
        name: "at",
        dataType: "timestamptz",
        dataTypeSchema: "pg_catalog",
        isNullable: true,
        hasDefaultValue: true,
        isAutoIncrementing: false,
      },
    ]);
  });

  it("shows Kysely's own tables only when asked", async () => {
    const all = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((t) => t.name)).toEqual(["kysely_migration", "places", "visits"]);
    expect((await db.introspection.getMetadata()).tables.map((t) => t.name)).toEqual([
      "places",
      "visits",
    ]);
  });

  it("migrates a fresh schema while other schemas come and go", async () => {
    const fresh = await createTestSchema();
    let churning = true;
    // Two loops create schemas of many tables and drop them, bounded: they stop with the
    // migrations, and after 300 rounds each at most.
    const tables = Array.from(
      { length: 40 },
      (_, i) => `create table t${i} (id serial primary key);`,
    );
    const churn = Promise.all(
      [0, 1].map(async (loop) => {
        for (let round = 0; churning && round < 300; round += 1) {
          const name = `${other.name}_churn_${loop}_${round}`;
          await adminQuery(`create schema ${name}; set search_path = ${name}; ${tables.join("")}`);
          await adminQuery(`drop schema ${name} cascade`);
        }
      }),
    );
    try {
      for (let start = 0; start < 30; start += 1) {
        const store = openStore(fresh.database);
        await store.migrate();
        await store.close();
      }
      const tables = await adminQuery<{ n: string }>(
        "select count(*) as n from information_schema.tables where table_schema = $1",
        [fresh.name],
      );
      expect(Number(tables[0]?.n)).toBeGreaterThan(20);
    } finally {
      churning = false;
      await churn;
      await fresh.drop();
    }
    // Thirty starts of every migration beside the churn: 11 s alone, twice that beside the
    // other test files on two cores.
  }, 60_000);
});
