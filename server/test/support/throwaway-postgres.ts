import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chownSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";

/**
 * A PostgreSQL cluster of a test's own, on a port of its own, for fault tests that stop and
 * start the database: never the shared server the other tests use. It needs PostgreSQL's server
 * programs; `npm run test:unit` (scripts/test-database.mjs) names their directory in
 * TEST_POSTGRES_BINDIR.
 */
export type Cluster = {
  /** `postgres://postgres@127.0.0.1:<port>/test` */
  url: string;
  /**
   * Stops the server: `fast` as `pg_ctl stop -m fast` (sessions end, a checkpoint is written),
   * `immediate` as `-m immediate` (every process quits at once, as in a crash: the next start
   * recovers from the WAL).
   */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** Starts the stopped server again on the same port and data, once it answers. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
};

/** The longest a start, or a stop, may take. */
const WAIT_MS = 30_000;

/**
 * Creates and starts a cluster. `settings` go to the server's command line (`-c name=value`);
 * fsync is off (a test survives no power cut; a crash of the server's processes still loses
 * only what they never wrote).
 */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster> {
  const bindir = process.env.TEST_POSTGRES_BINDIR;
  if (!bindir) {
    throw new Error(
      "TEST_POSTGRES_BINDIR is not set: run the tests through scripts/test-database.mjs (npm run test:unit), which finds or installs PostgreSQL",
    );
  }
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), "wegmarke-fault-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const log = join(dir, "postgres.log");
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" };
  const port = await freePort();
  let server: ChildProcess | undefined;

  const args = [
    ["-D", data, "-p", String(port)],
    ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`],
    ["-c", "fsync=off", "-c", "full_page_writes=off"],
    Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ].flat();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const start = async () => {
    const fd = openSync(log, "a");
    const child = spawn(join(bindir, "postgres"), args, {
      ...ids,
      env,
      cwd: dir,
      detached: true,
      stdio: ["ignore", fd, fd],
    });
    closeSync(fd);
    server = child;
    const deadline = Date.now() + WAIT_MS;
    while (!(await answers(adminUrl))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`PostgreSQL did not start:\n${tail(log)}`);
      }
      await sleep(50);
    }
  };

  const stop = async (mode: "fast" | "immediate") => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(mode === "fast" ? "SIGINT" : "SIGQUIT");
    const stopped = await Promise.race([exited.then(() => true), sleep(WAIT_MS, false)]);
    if (stopped) return;
    // Its whole process group: the postmaster and every backend.
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    await exited;
  };

  await initdb(bindir, data, dir, ids, env);
  await start();
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  await client.query("CREATE DATABASE test");
  await client.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    stop,
    start,
    remove: async () => {
      await stop("fast");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function initdb(
  bindir: string,
  data: string,
  cwd: string,
  ids: { uid?: number; gid?: number },
  env: Record<string, string>,
): Promise<void> {
  const child = spawn(
    join(bindir, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"],
    { ...ids, env, cwd, stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise((resolve) => {
    child.once("error", (error) => resolve(error.message));
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`initdb failed: ${errors.trim()}`);
}

/** Whether the server accepts a connection now. */
async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL refuses to run as root: root hands the cluster to the `postgres` user. */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}
