import { Migrator, sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../config";
import { schemaDialect } from "./migration-dialect";
import type { DialectMigration } from "./migration-dialect";
import { migrationFiles } from "./migration-files";

/** A migration's id, the name of its file: three digits and words (`021-read-marks`). */
const MIGRATION_ID = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The schema's history, oldest first, from the files of store/migrations/ (module name ->
 * module): each exports its `migration` for the dialect. Never edit a migration that has
 * shipped: add the next file. Throws unless the ids count 001, 002, … without a gap, so that a
 * file missed or misnamed stops the start rather than a migration being skipped.
 */
export function migrationsOf(
  files: Record<string, unknown>,
  dialect: Dialect,
): Record<string, Migration> {
  const names = Object.keys(files).sort();
  const types = schemaDialect(dialect);
  return Object.fromEntries(
    names.map((name, i) => {
      const expected = String(i + 1).padStart(3, "0");
      if (MIGRATION_ID.exec(name)?.[1] !== expected) {
        throw new Error(`database migrations: ${name} where ${expected}-… was expected`);
      }
      const file = files[name];
      if (!hasMigration(file)) throw new Error(`database migrations: ${name} exports no migration`);
      return [name, file.migration(types)];
    }),
  );
}

function hasMigration(file: unknown): file is { migration: DialectMigration } {
  return (
    typeof file === "object" &&
    file !== null &&
    "migration" in file &&
    typeof file.migration === "function"
  );
}

/**
 * Brings the schema to the newest migration, or up or down to `upTo` (tests start from an older
 * schema); throws when one fails.
 */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  dialect: Dialect,
  upTo?: string,
): Promise<void> {
  const migrations = migrationsOf(await migrationFiles(), dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely looks for its migration table in every schema unless told which: a second
    // deployment (or test) in another schema of the same database would hide ours.
    migrationTableSchema: dialect === "postgres" ? await currentSchema(db) : undefined,
  });
  const { error, results } =
    upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
  throw new Error(`database migration ${failed} failed: ${String(error)}`, { cause: error });
}

/** The schema new tables go to (the first of `search_path` that exists). */
async function currentSchema<T>(db: Kysely<T>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("database: no schema of search_path exists");
  return schema;
}
