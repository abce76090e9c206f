import { dirname, resolve } from "node:path";
import { repoRoot } from "./config";
import type { DatabaseConfig } from "./config";

/** Where an unset DATABASE_URL kept the database before DATA_DIR held it. */
const DATABASE_BEFORE_DATA_DIR = resolve(repoRoot, "data/wegmarke.sqlite");

/**
 * Why the server must not start on `database`, or undefined: with DATABASE_URL unset it would
 * begin an empty database in DATA_DIR while the players' one is still at ./data (where an unset
 * DATABASE_URL kept it before DATA_DIR held it).
 */
export function databaseLeftBehind(
  env: NodeJS.ProcessEnv,
  database: DatabaseConfig,
  exists: (file: string) => boolean,
): string | undefined {
  if (env.DATABASE_URL || database.kind !== "sqlite") return undefined;
  const before = DATABASE_BEFORE_DATA_DIR;
  if (database.file === before || exists(database.file) || !exists(before)) return undefined;
  return (
    `DATA_DIR: no wegmarke.sqlite in ${dirname(database.file)}, but the database is at ${before}: ` +
    `move it there (with its -wal file, the server stopped), or set DATABASE_URL=file:${before}`
  );
}
