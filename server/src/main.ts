import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { databaseLeftBehind } from "./database-place";
import type { Config, DatabaseConfig } from "./config";
import { systemClock } from "./clock";
import { watchContent } from "./content/watch";
import { prettyLog } from "./http/pretty-log";
import { formatProblem } from "./content/model";
import type { ContentPack } from "./content/model";
import { PackLibrary } from "./packs/pack-library";
import type { PackVersion } from "./store/pack-repository";
import { openStore } from "./store/store";
import type { Store } from "./store/store";

/** Start-up problems an operator can fix print as plain lines, without a stack trace. */
function exitWith(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

function readConfig(): Config {
  let config: Config;
  try {
    config = loadConfig(process.env, process.stdout.isTTY === true);
  } catch (error) {
    if (error instanceof ConfigError) exitWith([error.message]);
    throw error;
  }
  const leftBehind = databaseLeftBehind(process.env, config.database, existsSync);
  if (leftBehind) exitWith([leftBehind]);
  return config;
}

/**
 * The pack to start with (packs/pack-library.ts): CONTENT_DIR's files when they are new to the
 * database, else the live version. Checked as `content:check` checks it: errors stop the
 * start, warnings are said.
 */
async function readPack(
  config: Config,
  store: Store,
): Promise<{ pack: ContentPack; version: PackVersion }> {
  const library = new PackLibrary({ store, cacheDir: config.packCacheDir, clock: systemClock });
  const opened = await library.open(config.contentDir);
  if (!opened.ok) {
    exitWith([
      `content pack ${config.contentDir} has problems:`,
      ...opened.problems.map(formatProblem),
    ]);
  }
  for (const warning of opened.warnings) {
    console.error(`content pack: warning: ${formatProblem(warning)}`);
  }
  return { pack: opened.pack, version: opened.version };
}

/** Opens and migrates the database; an unreachable PostgreSQL is a plain line too. */
async function openDatabase(database: DatabaseConfig): Promise<Store> {
  const store = openStore(database);
  if (database.kind === "postgres") {
    try {
      await store.ping();
    } catch (error) {
      // pg's message names host, port and user, never the password; some errors have only a code.
      const { message, code } = error as { message?: string; code?: string };
      exitWith([`DATABASE_URL: cannot connect to PostgreSQL (${message || code || "unknown"})`]);
    }
  }
  await store.migrate();
  return store;
}

const config = readConfig();
// Log lines go out in the background: a busy server never waits for its terminal or pipe.
const logOutput = pino.destination({ dest: 1, sync: false });
const store = await openDatabase(config.database);
const { pack, version: packVersion } = await readPack(config, store);
const { app, sweepRetention, reloadContent } = await buildApp({
  config,
  pack,
  packVersion,
  store,
  logStream: config.logFormat === "pretty" ? prettyLog(logOutput) : logOutput,
});

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  // A second Ctrl-C means "now".
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  // The threads and processes that closing waits for do not keep the process running (they
  // are unref'd): this timer does until the end, and ends a shutdown that hangs.
  setTimeout(() => {
    app.log.error("shutdown took over 30 s");
    logOutput.flushSync();
    process.exit(1);
  }, 30_000);
  try {
    await app.close();
    await store.close();
    logOutput.flushSync();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    logOutput.flushSync();
    process.exit(1);
  }
}
process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));

/** Loads the content pack again; reloadContent logs what came of it. */
function reload(why: string): void {
  app.log.info(`${why}: reloading the content pack`);
  reloadContent().catch((error: unknown) => app.log.error({ err: error }, "content reload failed"));
}
// `kill -HUP <pid>` (or `systemctl reload`) after editing the pack on the server.
process.on("SIGHUP", () => reload("SIGHUP"));
// `npm run dev` passes --watch-content: saved files of the pack reload it.
if (process.argv.includes("--watch-content")) {
  watchContent(config.contentDir, () => reload("content changed"));
}

/** Erases accounts past the retention rule; hourly, so none outlives it by more than an hour. */
async function sweep(): Promise<void> {
  try {
    const erased = await sweepRetention();
    if (erased > 0) app.log.info(`retention: erased ${erased} inactive accounts`);
  } catch (error) {
    app.log.error({ err: error }, "retention sweep failed");
  }
}
void sweep();
// unref: the timer alone must not keep a stopping process alive.
setInterval(() => void sweep(), 60 * 60 * 1000).unref();

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
app.log.info(`Wegmarke plays "${pack.title.de}" at http://localhost:${port}/webapp/`);
