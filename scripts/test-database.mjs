// Runs a command with a PostgreSQL for the tests:
//   node scripts/test-database.mjs vitest run
// It uses TEST_DATABASE_URL when that is set, else the PostgreSQL at the default address
// (PGHOST/PGPORT, default 127.0.0.1:5432) when one answers there, else a throwaway one: a
// fresh cluster in a temporary directory on a free port, installed with apt-get when
// PostgreSQL is missing, stopped and removed when the command ends. The command gets the
// database as TEST_DATABASE_URL, and the directory of PostgreSQL's server programs as
// TEST_POSTGRES_BINDIR (installed where missing and possible): the fault tests start clusters
// of their own with them. The wrapper exits with the command's exit code.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { constants as osConstants, tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/** The database the tests use, on whichever server. */
const DATABASE = "test";
/** The superuser of a throwaway cluster; trust auth, so no password. */
const USER = "postgres";
/** How long an address may take to answer before it counts as not answering. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * @typedef {Record<string, string | undefined>} Env
 * @typedef {{ ok: true } | { ok: false; answers: boolean; reason: string }} Probe
 *   What connecting to the URL showed: it works; or a server answered but refused (`answers`:
 *   wrong password, no such database); or nothing answered (refused, timeout, unknown host).
 * @typedef {{ env: Env; probe: Probe; bindir: string | null; canInstall: boolean }} Facts
 *   `probe` is of TEST_DATABASE_URL when set, else of the default address; `bindir` holds
 *   PostgreSQL's initdb and postgres; `canInstall`: apt-get works here (root or sudo).
 * @typedef {{ action: "use"; url: string; line: string }
 *   | { action: "throwaway"; install: boolean; why: string }
 *   | { action: "fail"; line: string }} Plan
 */

/**
 * The default test database: PGHOST and PGPORT as libpq reads them, else 127.0.0.1:5432.
 * @param {Env} env
 */
export function defaultUrl(env) {
  const host = env.PGHOST || "127.0.0.1";
  const port = env.PGPORT || "5432";
  // A directory is a Unix socket's; it goes percent-encoded where the host name would.
  const name = host.startsWith("/") ? encodeURIComponent(host) : host;
  return `postgres://${USER}@${name}:${port}/${DATABASE}`;
}

/** The URL to check: TEST_DATABASE_URL when set, else the default. @param {Env} env */
export function targetUrl(env) {
  return env.TEST_DATABASE_URL || defaultUrl(env);
}

/**
 * Where a URL points, for messages: host:port/database, never the user or a password.
 * @param {string} url
 */
export function describeUrl(url) {
  try {
    const parsed = new URL(url);
    const host = decodeURIComponent(parsed.hostname) || parsed.searchParams.get("host") || "";
    return `${host}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "an unreadable URL";
  }
}

/**
 * What to do, from what was observed; no effects, so that every case can be tested.
 * @param {Facts} facts
 * @returns {Plan}
 */
export function decide({ env, probe, bindir, canInstall }) {
  const url = targetUrl(env);
  const where = describeUrl(url);
  if (env.TEST_DATABASE_URL) {
    if (probe.ok)
      return { action: "use", url, line: `test database: TEST_DATABASE_URL (${where})` };
    const problem = probe.answers
      ? `refuses the connection (${probe.reason}): fix that`
      : `does not answer (${probe.reason}): start that server`;
    return {
      action: "fail",
      line: `TEST_DATABASE_URL (${where}) ${problem}, or unset TEST_DATABASE_URL and npm test starts a throwaway PostgreSQL`,
    };
  }
  if (probe.ok) return { action: "use", url, line: `test database: the PostgreSQL at ${where}` };
  const why = probe.answers
    ? `the PostgreSQL at ${where} refuses: ${probe.reason}`
    : `no PostgreSQL answers at ${where}`;
  if (bindir !== null) return { action: "throwaway", install: false, why };
  if (canInstall) return { action: "throwaway", install: true, why };
  return {
    action: "fail",
    line: `${why}, and PostgreSQL is not installed to start one for the tests: install it (Debian: apt-get install postgresql), or set TEST_DATABASE_URL to a PostgreSQL of your own`,
  };
}

/**
 * Connects to the URL once, with a short timeout.
 * @param {string} url
 * @returns {Promise<Probe>}
 */
export async function probe(url, timeoutMs = PROBE_TIMEOUT_MS) {
  /** @type {pg.Client | undefined} */
  let client;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    client.on("error", () => {});
    await client.connect();
    await client.query("select 1");
    return { ok: true };
  } catch (error) {
    const { message, code } = /** @type {{ message?: string; code?: string }} */ (error);
    // A server's own error (SQLSTATE), or a password it asked for and we lack.
    const answers = error instanceof pg.DatabaseError || /password|SASL/i.test(message ?? "");
    const reason = (answers ? message : code || message) || "unknown error";
    return { ok: false, answers, reason };
  } finally {
    await client?.end().catch(() => {});
  }
}

/** @param {string} dir */
function hasServer(dir) {
  return existsSync(join(dir, "initdb")) && existsSync(join(dir, "postgres"));
}

/**
 * The directory of PostgreSQL's server programs: `pg_config --bindir`, initdb on PATH, or the
 * newest version under /usr/lib/postgresql (Debian's layout); null when none is installed.
 * @returns {string | null}
 */
export function findBinaries(env = process.env) {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: "pipe" }).trim();
    if (dir && hasServer(dir)) return dir;
  } catch {
    // No pg_config.
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && hasServer(dir)) return dir;
  }
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(debian, version, "bin");
    if (hasServer(dir)) return dir;
  }
  return null;
}

/** @param {string} command */
function onPath(command, env = process.env) {
  return (env.PATH ?? "").split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const isRoot = process.getuid?.() === 0;

/** Whether apt-get can install packages here: as root, or with sudo that asks no password. */
export function canInstall() {
  if (!onPath("apt-get")) return false;
  if (isRoot) return true;
  return spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
}

/** Installs Debian's postgresql package quietly; its output only when it fails. */
function installPostgres() {
  console.log("PostgreSQL is missing: installing Debian's postgresql package with apt-get");
  const sudo = isRoot ? "" : "sudo ";
  const result = spawnSync(
    "sh",
    ["-c", `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq postgresql`],
    { encoding: "utf8", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } },
  );
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Failure("apt-get install postgresql failed (its output is above)");
  }
}

/** A problem told in one line, without a stack trace. */
class Failure extends Error {}

/**
 * The user a throwaway cluster runs as: postgres refuses to run as root, so root hands it to
 * the `postgres` system user, else `nobody`. Null: the current user.
 * @returns {{ name: string; uid: number; gid: number } | null}
 */
function clusterUser() {
  if (!isRoot) return null;
  for (const name of ["postgres", "nobody"]) {
    try {
      const id = (/** @type {string} */ flag) =>
        Number(execFileSync("id", [flag, name], { encoding: "utf8", stdio: "pipe" }).trim());
      return { name, uid: id("-u"), gid: id("-g") };
    } catch {
      // No such user.
    }
  }
  throw new Failure("running as root, and neither a postgres nor a nobody user to run PostgreSQL");
}

/** A port nothing listens on now. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The last lines of a log, to show why a start failed.
 * @param {string} file
 */
function tail(file, lines = 15) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * @typedef {{ port: number; url: string; dir: string; stop(): Promise<void> }} Cluster
 * @typedef {{ signal: NodeJS.Signals | null; forward?: (signal: NodeJS.Signals) => void }} Interrupt
 *   The first signal the wrapper got, and where to pass signals on while the command runs.
 */

/**
 * Starts a throwaway cluster; on failure it stops what it started and removes the directory.
 * @param {string} bindir
 * @param {Interrupt} interrupt set when a signal arrives; the start gives up then
 * @returns {Promise<Cluster>}
 */
async function startCluster(bindir, interrupt) {
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), "wegmarke-test-pg-"));
  const data = join(dir, "data");
  const log = join(dir, "postgres.log");
  /** @type {import("node:child_process").ChildProcess | null} */
  let postmaster = null;
  /** @type {Promise<void>} */
  let exited = Promise.resolve();

  const stop = async () => {
    if (postmaster !== null && postmaster.exitCode === null && postmaster.signalCode === null) {
      const pid = /** @type {number} */ (postmaster.pid);
      // SIGINT: fast shutdown (open sessions are ended); then immediate; then the whole group.
      for (const [signal, wait] of /** @type {const} */ ([
        ["SIGINT", 15000],
        ["SIGQUIT", 5000],
        ["SIGKILL", 5000],
      ])) {
        try {
          process.kill(signal === "SIGKILL" ? -pid : pid, signal);
        } catch {
          break;
        }
        // An unref'd timer: once the server is gone, nothing waits for it.
        const done = await Promise.race([
          exited.then(() => true),
          sleep(wait, false, { ref: false }),
        ]);
        if (done) break;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (user !== null) chownSync(dir, user.uid, user.gid);
    const ids = user === null ? {} : { uid: user.uid, gid: user.gid };
    // The programs get a plain environment: no PG* variable of ours reaches them.
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" };
    // Its own process group too, like the server below; asynchronous, so that signals are heard.
    const initdb = spawn(
      join(bindir, "initdb"),
      ["-D", data, "-U", USER, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"],
      { ...ids, env, cwd: dir, detached: true, stdio: ["ignore", "ignore", "pipe"] },
    );
    let initdbErrors = "";
    initdb.stderr.on("data", (chunk) => (initdbErrors += chunk));
    const initdbCode = await new Promise((resolveCode) => {
      initdb.once("error", (error) => {
        initdbErrors += error.message;
        resolveCode(-1);
      });
      initdb.once("close", (code) => resolveCode(code));
    });
    if (initdbCode !== 0) {
      throw new Failure(`initdb failed: ${initdbErrors.trim().split("\n").pop()}`);
    }
    if (interrupt.signal !== null) return { port: 0, url: "", dir, stop };

    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const logFd = openSync(log, "a");
      // A process group of its own: a Ctrl-C at the terminal reaches the tests, not the server;
      // the wrapper stops it when the tests have ended.
      const child = spawn(
        join(bindir, "postgres"),
        [
          ["-D", data, "-p", String(port)],
          ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`],
          ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
        ].flat(),
        { ...ids, env, cwd: dir, detached: true, stdio: ["ignore", logFd, logFd] },
      );
      closeSync(logFd);
      postmaster = child;
      exited = new Promise((resolveExit) => {
        child.once("exit", () => resolveExit());
        child.once("error", () => resolveExit());
      });
      const adminUrl = `postgres://${USER}@127.0.0.1:${port}/postgres`;
      const deadline = Date.now() + 30000;
      let ready = false;
      while (!ready && Date.now() < deadline && interrupt.signal === null) {
        if (child.exitCode !== null || child.signalCode !== null) break;
        ready = (await probe(adminUrl, 1000)).ok;
        if (!ready) await sleep(100);
      }
      if (interrupt.signal !== null) return { port, url: "", dir, stop };
      if (ready) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${DATABASE}`);
        } finally {
          await client.end();
        }
        return { port, url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`, dir, stop };
      }
      await exited;
      // Another program may have taken the port between our look and the server's bind.
      if (attempt < 3 && /could not bind|could not create listen socket/.test(tail(log))) continue;
      throw new Failure(`PostgreSQL did not start; the end of its log:\n${tail(log)}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The server programs for the fault tests when the tests use a server that already runs: found,
 * or installed where that is possible; null (with a line saying so) otherwise.
 * @returns {string | null}
 */
function binariesForFaultTests() {
  const found = findBinaries();
  if (found !== null) return found;
  if (!canInstall()) {
    console.log("PostgreSQL's server programs are missing: the fault tests cannot start a cluster");
    return null;
  }
  installPostgres();
  return findBinaries();
}

/**
 * Runs the command with TEST_DATABASE_URL (and TEST_POSTGRES_BINDIR, when known) set; resolves
 * to its exit code (128 + the signal's
 * number when a signal ended it). Forwards SIGINT and SIGTERM to it, each once: a Ctrl-C at the
 * terminal reaches it directly too, and a second Ctrl-C is the user's to send.
 * @param {string[]} command
 * @param {string} url
 * @param {string | null} bindir
 * @param {Interrupt} interrupt
 * @returns {Promise<number>}
 */
function run(command, url, bindir, interrupt) {
  const [file, ...args] = /** @type {[string, ...string[]]} */ (command);
  const child = spawn(file, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      TEST_DATABASE_URL: url,
      ...(bindir !== null && { TEST_POSTGRES_BINDIR: bindir }),
    },
  });
  /** @type {Set<NodeJS.Signals>} */
  const forwarded = new Set();
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => {
    if (forwarded.has(signal)) return;
    forwarded.add(signal);
    child.kill(signal);
  };
  interrupt.forward = forward;
  if (interrupt.signal !== null) forward(interrupt.signal);
  return new Promise((resolveCode) => {
    child.once("error", (error) => {
      console.error(`cannot run ${file}: ${error.message}`);
      resolveCode(127);
    });
    child.once("exit", (code, signal) => {
      interrupt.forward = undefined;
      resolveCode(code ?? (signal === null ? 1 : signalCode(signal)));
    });
  });
}

/** The exit code of a shell whose command a signal ended. @param {NodeJS.Signals} signal */
function signalCode(signal) {
  return 128 + (osConstants.signals[signal] ?? 1);
}

/**
 * @param {string[]} command
 * @returns {Promise<number>} the exit code
 */
export async function main(command) {
  if (command.length === 0) {
    console.error("usage: node scripts/test-database.mjs COMMAND [ARGUMENT...]");
    return 2;
  }
  /** @type {Interrupt} */
  const interrupt = { signal: null };
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    interrupt.signal ??= signal;
    interrupt.forward?.(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  /** @type {Cluster | null} */
  let cluster = null;
  try {
    const env = process.env;
    const url = targetUrl(env);
    const seen = await probe(url);
    const bindir = seen.ok ? null : findBinaries();
    const plan = decide({
      env,
      probe: seen,
      bindir,
      canInstall: seen.ok || bindir !== null ? false : canInstall(),
    });
    if (plan.action === "fail") {
      console.error(plan.line);
      return 1;
    }
    if (interrupt.signal !== null) return signalCode(interrupt.signal);
    if (plan.action === "use") {
      console.log(plan.line);
      return await run(command, plan.url, binariesForFaultTests(), interrupt);
    }
    if (plan.install) installPostgres();
    const found = bindir ?? findBinaries();
    if (found === null)
      throw new Failure("PostgreSQL was installed, but initdb is not to be found");
    cluster = await startCluster(found, interrupt);
    if (interrupt.signal !== null) return signalCode(interrupt.signal);
    console.log(`test database: a throwaway PostgreSQL on port ${cluster.port} (${plan.why})`);
    return await run(command, cluster.url, found, interrupt);
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await cluster?.stop();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
