import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { decide, defaultUrl, describeUrl, findBinaries } from "./test-database.mjs";

const root = resolve(import.meta.dirname, "..");
const wrapper = join(root, "scripts/test-database.mjs");
const refused = { ok: false as const, answers: false, reason: "ECONNREFUSED" };

/** Runs the wrapper with `env` on top of ours less every database variable. */
function runWrapper(env: Record<string, string>, command: string[]) {
  const ours = ["TEST_DATABASE_URL", "PGHOST", "PGPORT"];
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !ours.includes(name)),
  );
  return spawnSync(process.execPath, [wrapper, ...command], {
    cwd: root,
    env: { ...base, ...env },
    encoding: "utf8",
    timeout: 60000,
  });
}

describe("the decision", () => {
  it("uses TEST_DATABASE_URL when it answers", () => {
    const url = "postgres://me:secret@db.example:6000/mine";
    const plan = decide({
      env: { TEST_DATABASE_URL: url },
      probe: { ok: true },
      bindir: null,
      canInstall: false,
    });
    expect(plan).toEqual({
      action: "use",
      url,
      line: "test database: TEST_DATABASE_URL (db.example:6000/mine)",
    });
  });

  it("stops when TEST_DATABASE_URL does not answer, however PostgreSQL could be started", () => {
    const plan = decide({
      env: { TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:6000/test" },
      probe: refused,
      bindir: "/usr/lib/postgresql/15/bin",
      canInstall: true,
    });
    expect(plan).toEqual({
      action: "fail",
      line: "TEST_DATABASE_URL (127.0.0.1:6000/test) does not answer (ECONNREFUSED): start that server, or unset TEST_DATABASE_URL and npm test starts a throwaway PostgreSQL",
    });
  });

  it("uses the default address, after PGHOST and PGPORT, when it answers", () => {
    const env = { PGHOST: "db.local", PGPORT: "5433" };
    expect(decide({ env, probe: { ok: true }, bindir: null, canInstall: false })).toEqual({
      action: "use",
      url: "postgres://postgres@db.local:5433/test",
      line: "test database: the PostgreSQL at db.local:5433/test",
    });
    expect(defaultUrl({})).toBe("postgres://postgres@127.0.0.1:5432/test");
  });

  it("starts a throwaway PostgreSQL when none answers, installing it where it is missing", () => {
    const why = "no PostgreSQL answers at 127.0.0.1:5432/test";
    expect(decide({ env: {}, probe: refused, bindir: "/bin", canInstall: false })).toEqual({
      action: "throwaway",
      install: false,
      why,
    });
    expect(decide({ env: {}, probe: refused, bindir: null, canInstall: true })).toEqual({
      action: "throwaway",
      install: true,
      why,
    });
    const missing = { ok: false as const, answers: true, reason: 'database "test" does not exist' };
    expect(decide({ env: {}, probe: missing, bindir: "/bin", canInstall: false })).toMatchObject({
      action: "throwaway",
      why: 'the PostgreSQL at 127.0.0.1:5432/test refuses: database "test" does not exist',
    });
  });

  it("says in one line what to install or set when it cannot start one", () => {
    const plan = decide({ env: {}, probe: refused, bindir: null, canInstall: false });
    expect(plan.action).toBe("fail");
    const line = plan.action === "fail" ? plan.line : "";
    expect(line).toBe(
      "no PostgreSQL answers at 127.0.0.1:5432/test, and PostgreSQL is not installed to start one for the tests: install it (Debian: apt-get install postgresql), or set TEST_DATABASE_URL to a PostgreSQL of your own",
    );
  });

  it("names host, port and database, never a password", () => {
    expect(describeUrl("postgres://me:secret@db.example/mine?sslmode=require")).toBe(
      "db.example:5432/mine",
    );
    expect(describeUrl("not a url")).toBe("an unreadable URL");
  });
});

describe("the wrapper", () => {
  it("stops with one line, and runs nothing, when TEST_DATABASE_URL does not answer", () => {
    const dir = mkdtempSync(join(tmpdir(), "wegmarke-wrapper-"));
    const marker = join(dir, "ran");
    try {
      const result = runWrapper({ TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:1/test" }, [
        process.execPath,
        "-e",
        `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "")`,
      ]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(
        /^TEST_DATABASE_URL \(127\.0\.0\.1:1\/test\) does not answer \(ECONNREFUSED\): start that server, or unset TEST_DATABASE_URL and npm test starts a throwaway PostgreSQL\n$/,
      );
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Needs PostgreSQL's programs; the wrapper around `npm test` installs them where they lack.
  it.skipIf(findBinaries() === null)(
    "starts a throwaway PostgreSQL when none answers, and leaves nothing behind",
    () => {
      // Connects, answers `select 1`, and tells where the cluster lives and the server's pid.
      const probe = `
        import pg from "pg";
        import { readFileSync } from "node:fs";
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        const { rows } = await client.query(
          "select 1 as one, current_database() as database, current_setting('data_directory') as data",
        );
        await client.end();
        const pid = Number(readFileSync(rows[0].data + "/postmaster.pid", "utf8").split("\\n")[0]);
        console.log(JSON.stringify({ ...rows[0], pid }));
      `;
      const result = runWrapper({ PGHOST: "127.0.0.1", PGPORT: "1" }, [
        process.execPath,
        "--input-type=module",
        "-e",
        probe,
      ]);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      const [line, json, ...rest] = result.stdout.trimEnd().split("\n");
      expect(line).toMatch(
        /^test database: a throwaway PostgreSQL on port \d+ \(no PostgreSQL answers at 127\.0\.0\.1:1\/test\)$/,
      );
      expect(rest).toEqual([]);
      const seen = JSON.parse(json ?? "") as {
        one: number;
        database: string;
        data: string;
        pid: number;
      };
      expect(seen).toMatchObject({ one: 1, database: "test" });

      // The temporary directory is gone, and so is every process of the cluster.
      const dir = dirname(seen.data);
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(existsSync(dir)).toBe(false);
      expect(() => process.kill(seen.pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
      const processes = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout;
      expect(processes).not.toContain(dir);
    },
    60000,
  );
});
