/**
 * The server processes under test: started like e2e/support/server.ts does (one function names
 * the launch command), each on a free port with the demo pack, JSON logs at the default level
 * written to a file, and a fresh database (SQLite in a temp dir, or a PostgreSQL schema that
 * several instances share), and an OPERATOR_TOKEN of the run for the operators' API (news).
 * Or a server that is already running (BENCH_URL, BENCH_PID, and OPERATOR_TOKEN if it has one).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, openSync, closeSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { COMPILED_SERVER, freePort, SERVER_NODE_FLAGS } from "../../e2e/support/server";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "pg";
import { onCleanup } from "./cleanup";

export const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");

export type Database = "sqlite" | "postgres";

export type ServerProcess = {
  /** "A", "B": instance names in the output. */
  name: string;
  host: string;
  port: number;
  /** Known for started servers, or from BENCH_PID: for the RSS and CPU readings. */
  pid: number | undefined;
  /** Where its stdout and stderr go (started servers only). */
  logFile: string | undefined;
};

export type Servers = {
  instances: ServerProcess[];
  /** Where POSTs go (instance A). */
  posts: ServerProcess;
  /** Where streams are opened (instance B when there are two: every reply crosses). */
  streams: ServerProcess;
  /** How the servers were started, for the header of the output. */
  description: string;
  /**
   * Collects every instance's garbage and lets RSS settle, before a reading; undefined when the
   * servers have no GC hook (a running server, --no-gc-hook).
   */
  collectGarbage: (() => Promise<void>) | undefined;
  /**
   * `Authorization: Bearer` for `/api/ops/` (the news): a random one the started servers got as
   * OPERATOR_TOKEN, or a running server's from the environment (undefined when not given).
   */
  operatorToken: string | undefined;
};

/**
 * How a server process is started, from the repository root, as `npm start` starts it: the
 * compiled server with production's Node flags (`npm run bench:load` builds it first).
 * `nodeFlags` go before the script. `BENCH_NODE` names another Node for the servers alone (the
 * production Node: `node scripts/lts-node.mjs path`); the bench and its clients stay on this one.
 */
export function serverCommand(nodeFlags: string[] = []): { command: string; args: string[] } {
  return {
    command: process.env.BENCH_NODE || process.execPath,
    args: [...SERVER_NODE_FLAGS, ...nodeFlags, COMPILED_SERVER],
  };
}

/** SIGUSR2 makes a server started with these flags collect its garbage (gc-hook.mjs). */
const gcHookFlags = [
  "--expose-gc",
  "--import",
  fileURLToPath(new URL("./gc-hook.mjs", import.meta.url)),
];

/** The PostgreSQL to create the schema in (as the server's tests use it). */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A server that is already running: `url`, `pid` for readings if it is given, and its
 * OPERATOR_TOKEN if the environment holds it (the broadcast scenario needs it).
 */
export function runningServer(url: string, pid: number | undefined): Servers {
  const parsed = new URL(url);
  const server: ServerProcess = {
    name: "A",
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80)),
    pid,
    logFile: undefined,
  };
  return {
    instances: [server],
    posts: server,
    streams: server,
    description: `running server at ${url}${pid ? ` (pid ${pid})` : " (no BENCH_PID: no server readings)"}`,
    collectGarbage: undefined,
    operatorToken: process.env.OPERATOR_TOKEN || undefined,
  };
}

export type StartOptions = {
  db: Database;
  instances: number;
  logLevel: string;
  keepLog: boolean;
  gcHook: boolean;
  /** More Node flags for the servers, before the script (`--cpu-prof --cpu-prof-dir=DIR`). */
  nodeFlags?: string[];
  /** More environment for the servers (`PUSH_SERVICES`). */
  env?: Record<string, string>;
};

/** Starts fresh servers; every process, schema and temp dir is registered for cleanup. */
export async function startServers(options: StartOptions): Promise<Servers> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-load-"));
  onCleanup(`temp dir ${dir}`, () => rm(dir, { recursive: true, force: true }));
  // The logs live in a dir of their own, so --keep-log can keep them.
  const logDir = await mkdtemp(join(tmpdir(), "wegmarke-load-log-"));
  if (!options.keepLog) {
    onCleanup(`log dir ${logDir}`, () => rm(logDir, { recursive: true, force: true }));
  }

  const databaseUrl =
    options.db === "postgres" ? await createSchema() : `file:${join(dir, "wegmarke.sqlite")}`;

  const { command, args } = serverCommand([
    ...(options.gcHook ? gcHookFlags : []),
    ...(options.nodeFlags ?? []),
  ]);
  // 48 characters of a fresh random token per run: the operators' API (the news) opens with it.
  const operatorToken = randomBytes(36).toString("base64url");
  const env = {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: options.logLevel,
    OPERATOR_TOKEN: operatorToken,
    ...options.env,
  };
  const instances: ServerProcess[] = [];
  // One after another: each runs the migrations at start-up.
  for (let i = 0; i < options.instances; i++) {
    const name = String.fromCharCode(65 + i);
    instances.push(await startOne(name, command, args, env, logDir));
  }
  const posts = instances[0];
  if (!posts) throw new Error("no server instance");
  const streams = instances[1] ?? posts;
  return {
    instances,
    posts,
    streams,
    description:
      `${[command === process.execPath ? "node" : command, ...args].join(" ")}, ` +
      `${options.db === "postgres" ? "PostgreSQL (fresh schema)" : "SQLite (fresh file)"}, ` +
      `${instances.map((s) => `${s.name} pid ${s.pid} port ${s.port}`).join(", ")}`,
    collectGarbage: options.gcHook
      ? async () => {
          for (const server of instances) if (server.pid) process.kill(server.pid, "SIGUSR2");
          await new Promise((r) => setTimeout(r, 1000));
        }
      : undefined,
    operatorToken,
  };
}

/** A fresh schema in the test database; the URL the servers get puts their tables in it. */
async function createSchema(): Promise<string> {
  const name = `bench_load_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE SCHEMA ${name}`);
  onCleanup(`schema ${name}`, () => admin(`DROP SCHEMA IF EXISTS ${name} CASCADE`));
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("options", `-c search_path=${name}`);
  return url.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What differs between runs in a server's environment. */
type RunEnv = { DATABASE_URL: string; LOG_LEVEL: string; OPERATOR_TOKEN: string };

async function startOne(
  name: string,
  command: string,
  args: string[],
  runEnv: RunEnv,
  logDir: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const host = "127.0.0.1";
  const logFile = join(logDir, `server-${name}.log`);
  const fd = openSync(logFile, "a");
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      CONTENT_DIR: join(repoRoot, "content/demo"),
      PUBLIC_URL: `http://${host}:${port}`,
      LOG_FORMAT: "json",
      ...runEnv,
      // Every player of the run signs up from this one machine, as behind a festival's Wi-Fi,
      // and a run signs up more than a game's hourly sign-ups, again and again.
      ANON_SIGNUPS_PER_HOUR: "1000000",
      GAME_SIGNUPS_PER_HOUR: "1000000",
    },
    // Straight into the file: the orchestrator pays nothing for the server's logging.
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  onCleanup(`server ${name} (pid ${child.pid})`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server ${name} exited early:\n${tail(logFile)}`);
    }
    if (await ready(host, port)) return { name, host, port, pid: child.pid, logFile };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server ${name} not ready after 60 s:\n${tail(logFile)}`);
}

function ready(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const request = http.get(
      { host, port, path: "/readyz", agent: false, timeout: 2000 },
      (res) => {
        res.resume();
        done(res.statusCode === 200);
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => done(false));
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "(no log)";
  }
}

export type LogScan = {
  file: string;
  bytes: number;
  lines: number;
  /** Lines at level error or fatal (pino 50/60). */
  errors: number;
  /** Responses with a 5xx status. */
  status5xx: number;
  /** Requests the server logged as slow. */
  slow: number;
  /** The first few error messages, shortened. */
  samples: string[];
};

/** Reads a server's JSON log once: its size and what went wrong in it. */
export async function scanLog(file: string): Promise<LogScan> {
  const scan: LogScan = {
    file,
    bytes: 0,
    lines: 0,
    errors: 0,
    status5xx: 0,
    slow: 0,
    samples: [],
  };
  try {
    scan.bytes = statSync(file).size;
  } catch {
    return scan;
  }
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    scan.lines++;
    if (line.includes('"statusCode":5')) scan.status5xx++;
    if (line.includes('"msg":"slow request"')) scan.slow++;
    if (!line.includes('"level":50') && !line.includes('"level":60')) continue;
    scan.errors++;
    if (scan.samples.length < 3) scan.samples.push(messageOf(line));
  }
  return scan;
}

function messageOf(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
    return `${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message}` : ""}`.slice(0, 200);
  } catch {
    return line.slice(0, 200);
  }
}
