import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { Api } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * `npm run backup -- FILE`, as npm runs it: node on scripts/backup.mjs in the repository root,
 * with Node's options of the environment (on another Node, scripts/lts-node.mjs's hooks).
 */
function runBackup(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(repoRoot, "scripts/backup.mjs"), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_OPTIONS: process.env.NODE_OPTIONS, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

let dir: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  dir = await tempDir();
});

afterAll(async () => {
  await dir.remove();
});

describe("npm run backup", () => {
  let app: TestApp;
  let api: Api;
  let dbFile: string;

  beforeAll(async () => {
    dbFile = join(dir.dir, "live.sqlite");
    app = await startApp({ dbFile });
    api = new Api(app.url);
  });

  afterAll(() => app.close());

  /** A new player plays station 1: sign-up, activation and an answer, each a write. */
  async function play(): Promise<void> {
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
  }

  it("copies the database consistently while the server writes to it", async () => {
    for (let i = 0; i < 100; i++) await play();
    const target = join(dir.dir, "copy.sqlite");
    let writing = true;
    let played = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        await play();
        played++;
      }
    });
    const backup = runBackup([target], { DATABASE_URL: `file:${dbFile}` });
    // The copy is taken while turns commit: some before it, some during, some after.
    const result = await backup;
    const playedDuring = played;
    writing = false;
    await Promise.all(writers);

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^backed up .*live\.sqlite to .*copy\.sqlite \(.* MB, .* s, check ok\)\n$/,
    );
    expect(playedDuring).toBeGreaterThan(0);
    expect(existsSync(`${target}-wal`)).toBe(false);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      const players = copy.prepare("select count(*) from players").pluck().get() as number;
      expect(players).toBeGreaterThanOrEqual(100);
      const events = copy.prepare("select count(*) from event_log").pluck().get() as number;
      expect(events).toBeGreaterThan(players * 5);
      // One snapshot: every stream's last id is the last event it logged, none half-written.
      const torn = copy
        .prepare(
          `select s.stream from streams s
           where s.last_seq <> coalesce((select max(seq) from event_log e where e.stream = s.stream), 0)`,
        )
        .all();
      expect(torn).toEqual([]);
    } finally {
      copy.close();
    }
    // Restored: a server on the copy knows the players of the snapshot.
    const restored = await startApp({ dbFile: target });
    try {
      const response = await fetch(`${restored.url}/readyz`);
      expect(response.status).toBe(200);
      expect(await restored.store.repos.players.find(1)).toBeDefined();
    } finally {
      await restored.close();
    }
  });

  it("refuses to write over the database itself or its WAL", async () => {
    for (const target of [dbFile, `${dbFile}-wal`]) {
      const result = await runBackup([target], { DATABASE_URL: `file:${dbFile}` });
      expect([result.code, result.stderr]).toEqual([
        1,
        `backup: ${target} is the database itself\n`,
      ]);
    }
  });
});

describe("npm run backup without DATABASE_URL", () => {
  it("copies the database in DATA_DIR, where the server keeps it", async () => {
    const dataDir = join(dir.dir, "data-dir");
    mkdirSync(dataDir);
    const live = new Database(join(dataDir, "wegmarke.sqlite"));
    live.exec("create table kept (name text); insert into kept values ('in DATA_DIR')");
    live.close();
    const target = join(dir.dir, "from-data-dir.sqlite");
    const result = await runBackup([target], { DATA_DIR: dataDir });
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.prepare("select name from kept").pluck().get()).toBe("in DATA_DIR");
    } finally {
      copy.close();
    }
  });
});

describe("npm run backup refuses", () => {
  it("PostgreSQL, pointing to pg_dump, without echoing the URL", async () => {
    const result = await runBackup([join(dir.dir, "x.sqlite")], {
      DATABASE_URL: "postgres://wegmarke:s3cret@db.example/wegmarke",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "backup: DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/operations.md#backups)\n",
    );
  });

  it("a database that does not exist, without creating it", async () => {
    const missing = join(dir.dir, "missing.sqlite");
    const result = await runBackup([join(dir.dir, "y.sqlite")], {
      DATABASE_URL: `file:${missing}`,
    });
    expect([result.code, result.stderr]).toEqual([1, `backup: no database at ${missing}\n`]);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir.dir, "y.sqlite"))).toBe(false);
  });

  it("a malformed DATABASE_URL, and a call without a file", async () => {
    const bad = await runBackup(["z.sqlite"], { DATABASE_URL: "mysql://db" });
    expect([bad.code, bad.stderr]).toEqual([
      1,
      "backup: DATABASE_URL: expected file:/path/to/db.sqlite or postgres://...\n",
    ]);
    const usage = await runBackup([], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: npm run backup -- FILE/);
  });

  it("a file that is not a database, leaving no partial copy behind", async () => {
    const junk = join(dir.dir, "junk.sqlite");
    writeFileSync(junk, "not a database at all, but long enough to look like a header".repeat(20));
    const result = await runBackup([join(dir.dir, "junk-copy.sqlite")], {
      DATABASE_URL: `file:${junk}`,
    });
    expect([result.code, result.stderr]).toEqual([1, "backup: file is not a database\n"]);
    expect(
      readdirSync(dir.dir).filter(
        (name) => name.includes("junk-copy") || name.endsWith("-partial"),
      ),
    ).toEqual([]);
  });
});
