import { expect } from "vitest";
import { runGameCli } from "../../src/games/cli";
import type { Where } from "./dialects";

/** The database of `where` as `DATABASE_URL` names it for the command line. */
export function databaseUrl(where: Where): string {
  if ("dbFile" in where) return `file:${where.dbFile}`;
  return where.database.kind === "postgres" ? where.database.url : `file:${where.database.file}`;
}

/**
 * Adds the game `name` from the pack folder `packDir` with `npm run game -- add`, as an
 * operator does while the server runs on `where` (decisions/054); `dataDir`: its DATA_DIR.
 */
export async function addGame(where: Where, dataDir: string, name: string, packDir: string) {
  const lines: string[] = [];
  const status = await runGameCli(["add", name, packDir], {
    env: { DATABASE_URL: databaseUrl(where), DATA_DIR: dataDir },
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  expect(status, lines.join("\n")).toBe(0);
}
