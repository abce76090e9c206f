/**
 * The command line: `--name value` (or `--name=value`), each option also readable from the
 * environment as NAME in capitals with `_` for `-` (`--open-time` ↔ OPEN_TIME); the command line
 * wins. BENCH_URL and BENCH_PID name a running server.
 */
import type { Database } from "./servers";

export const scenarioNames = [
  "answers",
  "open",
  "slow-readers",
  "broadcast",
  "publish",
  "uploads",
  "push",
  "game-master",
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export type Options = {
  scenario: ScenarioName;
  streams: number;
  rate: number;
  /** Seconds of the measurement phase (of each step with --sweep). */
  duration: number;
  /** Rates to measure in turn, instead of `rate`. */
  sweep: number[] | undefined;
  db: Database;
  instances: number;
  /** Games the streams are spread over: the first, then `bench-2`… made from the demo. */
  games: number;
  workers: number;
  /** Keep-alive sockets per worker for POSTs. */
  pool: number;
  /** Registrations and activations in flight, over all workers. */
  concurrency: number;
  /** Stream opens in flight, over all workers. */
  openConcurrency: number;
  /** open: also start the station (phase 3). */
  activate: boolean;
  slowSockets: number;
  slowPlayers: number;
  slowAnswers: number;
  /** Seconds to wait for outstanding replies after the measurement. */
  grace: number;
  /** Seconds a worker waits for one setup call (registration, stream, activation). */
  requestTimeout: number;
  /** Seconds a whole setup phase may take. */
  phaseTimeout: number;
  p99: number | undefined;
  openTime: number | undefined;
  kbPerStream: number | undefined;
  json: string | undefined;
  logLevel: string;
  keepLog: boolean;
  gcHook: boolean;
  /** Seconds of an unreported measurement before the first one. */
  warmup: number;
  /** broadcast: news items posted, one after another. */
  broadcasts: number;
  /** publish: the stations of the pack made live (the demo's, and copies of station 1). */
  stations: number;
  /** uploads: photos sent for a mission during the measurement, one per player. */
  uploads: number;
  /** uploads: each photo's size in KB. */
  uploadKb: number;
  /** uploads: the most the server's resident memory may grow, in MB. */
  maxGrowthMb: number;
  /** game-master: hosts' lines and players' messages to the organisers a second; p99 budget. */
  lines: number;
  messages: number;
  deliveryP99: number;
  /** push: seconds into the measurement the urgent news go out. */
  newsAt: number;
  /** push: seconds within which every device's push must be accepted. */
  pushWithin: number;
  /** broadcast: seconds of quiet before each news item. */
  pause: number;
  /** broadcast: budget for the last stream's delivery, in ms (median over the broadcasts). */
  maxMs: number;
  /** broadcast: wait before each item until other processes use less than this % of a core. */
  quietBelow: number | undefined;
  /** More Node flags for the started servers (`--cpu-prof --cpu-prof-dir=DIR`). */
  serverFlags: string[];
  /** More Node flags for the client workers. */
  workerFlags: string[];
  url: string | undefined;
  pid: number | undefined;
};

type Spec = {
  kind: "int" | "number" | "string" | "flag" | "list";
  help: string;
  default?: string;
  choices?: readonly string[];
};

/** Every option, in the order of `--help`. */
export const specs: Record<string, Spec> = {
  scenario: { kind: "string", default: "answers", choices: scenarioNames, help: "what to run" },
  streams: {
    kind: "int",
    help: "players, each with an open event stream (default 1000; slow-readers: 0)",
  },
  rate: { kind: "number", default: "100", help: "answers per second in the measurement" },
  duration: { kind: "number", default: "10", help: "seconds of the measurement (per sweep step)" },
  sweep: { kind: "list", help: "rates to measure in turn on the same streams, e.g. 500,1000,2000" },
  db: { kind: "string", default: "sqlite", choices: ["sqlite", "postgres"], help: "database" },
  instances: {
    kind: "int",
    default: "1",
    help: "server processes (2: PostgreSQL only; streams on B, answers to A)",
  },
  games: { kind: "int", default: "1", help: "games of the demo the streams are spread over" },
  workers: { kind: "int", help: "client worker processes (default: one per 5000 streams)" },
  pool: { kind: "int", default: "64", help: "keep-alive sockets per worker for POSTs" },
  concurrency: { kind: "int", default: "64", help: "registrations/activations in flight" },
  "open-concurrency": { kind: "int", default: "256", help: "stream opens in flight" },
  activate: { kind: "flag", help: "open scenario: also start the riddle station (phase 3)" },
  "slow-sockets": { kind: "int", default: "50", help: "slow-readers: sockets that never read" },
  "slow-players": {
    kind: "int",
    default: "1",
    help: "slow-readers: players the slow sockets are spread over",
  },
  "slow-answers": {
    kind: "int",
    default: "2000",
    help: "slow-readers: answers of each such player",
  },
  broadcasts: { kind: "int", default: "5", help: "broadcast: news items, one after another" },
  stations: { kind: "int", default: "50", help: "publish: stations of the pack made live" },
  uploads: { kind: "int", default: "300", help: "uploads: photos sent within the measurement" },
  "upload-kb": { kind: "int", default: "1536", help: "uploads: each photo's size in KB" },
  lines: { kind: "number", default: "10", help: "game-master: hosts' lines per second" },
  messages: { kind: "number", default: "50", help: "game-master: players' messages per second" },
  "delivery-p99": { kind: "number", default: "250", help: "game-master: their p99 budget, ms" },
  "news-at": { kind: "number", default: "5", help: "push: urgent news after this many s" },
  "push-within": { kind: "number", default: "30", help: "push: budget in s for every push" },
  "max-growth-mb": {
    kind: "number",
    default: "100",
    help: "uploads: budget for the server's memory growth in MB",
  },
  pause: { kind: "number", default: "1", help: "broadcast: seconds of pause before each item" },
  "max-ms": {
    kind: "number",
    default: "150",
    help: "broadcast: budget in ms for the last delivery (median over the items)",
  },
  "quiet-below": {
    kind: "number",
    help: "broadcast: before each item wait (≤ 120 s) for other processes below X % of a core",
  },
  grace: {
    kind: "number",
    default: "5",
    help: "seconds to wait for outstanding replies (broadcast: after each POST)",
  },
  "request-timeout": {
    kind: "number",
    default: "30",
    help: "seconds a worker waits for one call (setup step, answer POST)",
  },
  "phase-timeout": { kind: "number", default: "300", help: "seconds per setup phase" },
  p99: { kind: "number", help: "budget: p99 in ms, and no reply missing (else exit 1)" },
  "open-time": { kind: "number", help: "budget: seconds to open all streams (else exit 1)" },
  "kb-per-stream": { kind: "number", help: "budget: server KB RSS per stream (else exit 1)" },
  json: { kind: "string", help: "also write the figures as JSON to this file" },
  "log-level": { kind: "string", default: "info", help: "the server's LOG_LEVEL" },
  "keep-log": { kind: "flag", help: "keep the server log (normally removed with the temp dir)" },
  "no-gc-hook": {
    kind: "flag",
    help: "start the servers without the hook that collects garbage before RSS readings",
  },
  warmup: {
    kind: "number",
    default: "0",
    help: "seconds of answers at the (first) rate before measuring, not reported",
  },
  "server-flags": {
    kind: "string",
    help: 'more Node flags for the started servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"',
  },
  "worker-flags": { kind: "string", help: "more Node flags for the client workers" },
  help: { kind: "flag", help: "print this and exit" },
};

export function usage(): string {
  const lines = ["usage: npm run bench:load -- [options]", ""];
  for (const [name, spec] of Object.entries(specs)) {
    const value = spec.kind === "flag" ? "" : ` ${spec.kind === "list" ? "R,R,..." : "X"}`;
    const fallback = spec.default === undefined ? "" : ` (default ${spec.default})`;
    lines.push(`  --${(name + value).padEnd(22)} ${spec.help}${fallback}`);
  }
  lines.push("", "Each option may also come from the environment: --open-time 15 ↔ OPEN_TIME=15.");
  lines.push(
    "BENCH_URL=http://host:port uses a running server; BENCH_PID=<pid> adds its readings.",
    "BENCH_NODE=<node binary> starts the servers on another Node than the bench's own.",
  );
  return lines.join("\n");
}

export class UsageError extends Error {}

/** Reads argv and env; throws UsageError with a one-line reason. `undefined` means --help. */
export function parseOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Options | undefined {
  const given = new Map<string, string>();
  for (const name of Object.keys(specs)) {
    const fromEnv = env[name.toUpperCase().replace(/-/g, "_")];
    if (fromEnv !== undefined && fromEnv !== "" && name !== "help") given.set(name, fromEnv);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument ${arg}`);
    const [name = "", inline] = arg.slice(2).split(/=(.*)/s, 2);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name} (see --help)`);
    if (spec.kind === "flag") {
      given.set(name, inline ?? "1");
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    given.set(name, value);
  }
  if (given.has("help")) return undefined;

  const read = (name: string): string | undefined => given.get(name) ?? specs[name]?.default;
  const number = (name: string, integer = false): number | undefined => {
    const text = read(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
      throw new UsageError(
        `--${name}: expected a ${integer ? "whole " : ""}number ≥ 0, got ${text}`,
      );
    }
    return value;
  };
  const choice = <T extends string>(name: string): T => {
    const value = read(name) ?? "";
    const choices = specs[name]?.choices ?? [];
    if (!choices.includes(value)) {
      throw new UsageError(`--${name}: expected ${choices.join(" | ")}, got ${value}`);
    }
    return value as T;
  };
  const flag = (name: string) => !["0", "false", undefined].includes(given.get(name));

  const scenario = choice<ScenarioName>("scenario");
  const streams = number("streams", true) ?? (scenario === "slow-readers" ? 0 : 1000);
  const sweepText = read("sweep");
  const sweep = sweepText?.split(",").map((part) => {
    const rate = Number(part.trim());
    if (!Number.isFinite(rate) || rate <= 0) throw new UsageError(`--sweep: bad rate ${part}`);
    return rate;
  });
  const db = choice<Database>("db");
  const instances = number("instances", true) ?? 1;
  const url = env.BENCH_URL || undefined;
  const pid = env.BENCH_PID ? Number(env.BENCH_PID) : undefined;
  if (instances < 1 || instances > 2) throw new UsageError("--instances: 1 or 2");
  if (instances === 2 && db !== "postgres") {
    throw new UsageError("--instances 2 needs --db postgres (SQLite serves one process)");
  }
  if (url && instances !== 1) throw new UsageError("BENCH_URL measures one running server");
  if (streams < 1 && scenario !== "slow-readers") throw new UsageError("--streams: at least 1");
  const duration = number("duration") ?? 10;
  if (duration <= 0) throw new UsageError("--duration: more than 0 s");
  const rate = number("rate") ?? 100;
  const broadcasts = number("broadcasts", true) ?? 5;
  const stations = number("stations", true) ?? 50;
  if (scenario === "publish" && stations < 11)
    throw new UsageError("--stations: at least 11 (the demo's)");
  if (scenario === "broadcast" && broadcasts < 1) throw new UsageError("--broadcasts: at least 1");
  const nodeFlags = (name: string): string[] => {
    const flags = (read(name) ?? "").split(/\s+/).filter((flag) => flag !== "");
    if (flags.some((flag) => !flag.startsWith("-"))) {
      throw new UsageError(`--${name}: Node flags only, each starting with - (--flag=value)`);
    }
    return flags;
  };
  const serverFlags = nodeFlags("server-flags");
  if (url && serverFlags.length > 0) throw new UsageError("--server-flags: BENCH_URL runs already");

  return {
    scenario,
    streams,
    rate,
    duration,
    sweep,
    db,
    instances,
    games: Math.max(1, number("games", true) ?? 1),
    // ~5000 sockets per worker at most: the cores are shared with the server.
    workers: number("workers", true) || Math.max(1, Math.ceil(streams / 5000)),
    pool: Math.max(1, number("pool", true) ?? 64),
    concurrency: Math.max(1, number("concurrency", true) ?? 64),
    openConcurrency: Math.max(1, number("open-concurrency", true) ?? 256),
    activate: flag("activate"),
    slowSockets: number("slow-sockets", true) ?? 50,
    slowAnswers: number("slow-answers", true) ?? 2000,
    slowPlayers: Math.max(1, number("slow-players", true) ?? 1),
    grace: number("grace") ?? 5,
    requestTimeout: number("request-timeout") ?? 30,
    phaseTimeout: number("phase-timeout") ?? 300,
    p99: number("p99"),
    openTime: number("open-time"),
    kbPerStream: number("kb-per-stream"),
    json: read("json"),
    logLevel: read("log-level") ?? "info",
    keepLog: flag("keep-log"),
    gcHook: !flag("no-gc-hook"),
    warmup: number("warmup") ?? 0,
    broadcasts,
    stations,
    uploads: Math.max(1, number("uploads", true) ?? 300),
    uploadKb: Math.max(1, number("upload-kb", true) ?? 1536),
    maxGrowthMb: number("max-growth-mb") ?? 100,
    lines: Math.max(0, number("lines") ?? 10),
    messages: Math.max(0, number("messages") ?? 50),
    deliveryP99: number("delivery-p99") ?? 250,
    newsAt: number("news-at") ?? 5,
    pushWithin: number("push-within") ?? 30,
    pause: number("pause") ?? 1,
    maxMs: number("max-ms") ?? 150,
    quietBelow: number("quiet-below"),
    serverFlags,
    workerFlags: nodeFlags("worker-flags"),
    url,
    pid: pid !== undefined && Number.isInteger(pid) && pid > 0 ? pid : undefined,
  };
}
