// npm run backup -- FILE: a consistent copy of the server's SQLite database in FILE, taken
// with SQLite's online backup API while the server runs (docs/operations.md#backups). It reads
// DATABASE_URL as the server does (server/src/config.ts): unset is wegmarke.sqlite in DATA_DIR
// (./data by default), `file:PATH` another file (relative to the repository root). PostgreSQL
// is pg_dump's job.
// Plain JavaScript, so it runs wherever the server runs, without the development tools.
import { existsSync, realpathSync, renameSync, rmSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const repoRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** A refusal the operator can act on: printed as one line, exit status 1. */
class BackupError extends Error {}

/**
 * The SQLite file DATABASE_URL names, as config.ts reads it (unset: in DATA_DIR).
 * @param {string | undefined} url
 * @param {string | undefined} dataDir
 */
function databaseFile(url, dataDir) {
  if (url === undefined || url === "") {
    return join(resolve(repoRoot, dataDir || "data"), "wegmarke.sqlite");
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupError(
      "DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/operations.md#backups)",
    );
  }
  if (!url.startsWith("file:") || url.length === "file:".length) {
    // The value itself stays out of the message, as in config.ts.
    throw new BackupError("DATABASE_URL: expected file:/path/to/db.sqlite or postgres://...");
  }
  const file = url.slice("file:".length);
  if (file === ":memory:") throw new BackupError("DATABASE_URL: an in-memory database");
  return isAbsolute(file) ? file : resolve(repoRoot, file);
}

/**
 * Copies the database at `source` to `target`: in one step of the backup API, so the copy is
 * one snapshot even while the server writes (a writer never waits for it: WAL), into a
 * temporary file beside `target` that replaces it only once it is complete and checked.
 * @param {string} source
 * @param {string} target
 */
async function backup(source, target) {
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  const live = realpathSync(source);
  const overwritten = existsSync(target) ? realpathSync(target) : target;
  if (["", "-wal", "-shm", "-journal"].some((suffix) => overwritten === live + suffix)) {
    throw new BackupError(`${target} is the database itself`);
  }
  if (!existsSync(dirname(target))) throw new BackupError(`no directory ${dirname(target)}`);
  const partial = join(dirname(target), `.${process.pid}.backup-partial`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // The first step copies nothing and learns the size; the second copies every page at once.
    await db.backup(partial, { progress: ({ totalPages }) => totalPages + 1 });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  let size;
  try {
    size = settle(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, target);
  return size;
}

/**
 * Makes the copy one self-contained file (the server turns WAL on again when it opens a
 * restored copy) and checks it; answers its size.
 * @param {string} file
 */
function settle(file) {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`the copy fails its check: ${String(check)}`);
    const pages = Number(copy.pragma("page_count", { simple: true }));
    return pages * Number(copy.pragma("page_size", { simple: true }));
  } finally {
    copy.close();
  }
}

const [file, ...rest] = process.argv.slice(2);
if (file === undefined || file === "" || file.startsWith("-") || rest.length > 0) {
  console.error("usage: npm run backup -- FILE   (copies the SQLite database of DATABASE_URL)");
  process.exit(2);
}
// npm runs scripts in the repository root; FILE is relative to where it was called.
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const source = databaseFile(process.env.DATABASE_URL, process.env.DATA_DIR);
  const started = performance.now();
  const bytes = await backup(source, target);
  const mb = (bytes / 1024 / 1024).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`backed up ${source} to ${target} (${mb} MB, ${seconds} s, check ok)`);
} catch (error) {
  // SQLite's own refusals (not a database, disk full, busy) are lines too; a bug is a trace.
  const { code, message } = /** @type {{ code?: unknown; message?: string }} */ (error);
  const sqlite = typeof code === "string" && code.startsWith("SQLITE_");
  if (!(error instanceof BackupError) && !sqlite) throw error;
  console.error(`backup: ${message}`);
  process.exit(1);
}
