import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "./config";
import { databaseLeftBehind } from "./database-place";

describe("databaseLeftBehind", () => {
  it("stops rather than begin an empty database in DATA_DIR while the players' one is in ./data", () => {
    const before = resolve(repoRoot, "data/wegmarke.sqlite");
    const env = { DATA_DIR: "/srv/wegmarke" };
    const { database } = loadConfig(env);
    const existing =
      (...files: string[]) =>
      (file: string) =>
        files.includes(file);
    expect(databaseLeftBehind(env, database, existing(before))).toBe(
      `DATA_DIR: no wegmarke.sqlite in /srv/wegmarke, but the database is at ${before}: ` +
        `move it there (with its -wal file, the server stopped), or set DATABASE_URL=file:${before}`,
    );
    // Moved already, a first start (none anywhere), the default DATA_DIR, a named database.
    const moved = existing(before, "/srv/wegmarke/wegmarke.sqlite");
    expect(databaseLeftBehind(env, database, moved)).toBeUndefined();
    expect(databaseLeftBehind(env, database, existing())).toBeUndefined();
    expect(databaseLeftBehind({}, loadConfig({}).database, existing(before))).toBeUndefined();
    const named = { ...env, DATABASE_URL: "file:/srv/wegmarke/new.sqlite" };
    expect(databaseLeftBehind(named, loadConfig(named).database, existing(before))).toBeUndefined();
  });
});
