import type SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as SqliteDialectDatabase } from "kysely";

/**
 * Kysely prepares every query anew; preparing costs more than running our small queries.
 * The same SQL text gets the same prepared statement (better-sqlite3 statements are reusable,
 * and Kysely runs one query at a time on its single connection).
 */
export function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}
