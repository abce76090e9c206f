import { existsSync } from "node:fs";
import { ConfigError, loadConfig } from "../config";
import { databaseLeftBehind } from "../database-place";
import type { Config } from "../config";
import { openStore } from "./store";
import type { Store } from "./store";

/**
 * Runs the work of a command of the server's command line (`npm run operator`, `npm run game`)
 * on the database the configuration names, as the server reads it, migrated first, so that it
 * works before the first start too. A bad configuration and a refusal of the class `refusal`
 * are said as they are (exit status 1); the work answers the status otherwise.
 */
export async function withCommandLineStore(
  io: { env: NodeJS.ProcessEnv; err: (line: string) => void },
  refusal: abstract new (message: string) => Error,
  work: (store: Store, config: Config) => Promise<number>,
): Promise<number> {
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 1;
  }
  const leftBehind = databaseLeftBehind(io.env, config.database, existsSync);
  if (leftBehind) {
    io.err(leftBehind);
    return 1;
  }
  const store = openStore(config.database, io.err);
  try {
    await store.migrate();
    return await work(store, config);
  } catch (error) {
    if (!(error instanceof refusal)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    // SQLite's checkpoint worker does not hold the process open (store/sqlite-checkpoints.ts):
    // this timer does, until the database has closed, so the exit status is the one answered.
    const hold = setInterval(() => undefined, 60_000);
    await store.close().finally(() => clearInterval(hold));
  }
}
