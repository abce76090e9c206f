import SqliteDatabase from "better-sqlite3";

/**
 * Every row of every table of a test database as text, read over a second connection (WAL lets
 * it read while the app runs): a test can look for a name or number anywhere in it.
 */
export function dumpDatabase(file: string): string {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table'")
      .pluck()
      .all() as string[];
    return tables
      .map((table) => `${table}: ${JSON.stringify(db.prepare(`select * from "${table}"`).all())}`)
      .join("\n");
  } finally {
    db.close();
  }
}

/** How many rows of `table` match `where` (SQL with `?` parameters). */
export function countRows(
  file: string,
  table: string,
  where: string,
  ...params: unknown[]
): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return db
      .prepare(`select count(*) from "${table}" where ${where}`)
      .pluck()
      .get(...params) as number;
  } finally {
    db.close();
  }
}
