/**
 * What a run does: the setup phases (register, open, activate) and the scenarios built on them.
 * Each scenario prints its figures and returns whether its budgets were met.
 */
import { sharedNow } from "./clock";
import type {
  Command,
  MeasureResult,
  NewsCollectResult,
  NewsReadyResult,
  SetupResult,
  SlowAnswersResult,
  SlowCheckResult,
  SlowOpenResult,
} from "./messages";
import { newsIdOf, OpsClient } from "./ops-client";
import type { Options, ScenarioName } from "./options";
import type { WorkerPool } from "./pool";
import {
  clockTicks,
  CpuMeter,
  cpuTicks,
  machineBusyTicks,
  RssSampler,
  rssKb,
  WriteMeter,
} from "./proc";
import { fmt, printStep, printSweepTable, total } from "./report";
import type { Report, StepFigures } from "./report";
import { serverStep } from "./server-metrics";
import type { Servers } from "./servers";
import { addCounts, percentile, summarise } from "./stats";

export type Context = {
  options: Options;
  servers: Servers;
  pool: WorkerPool;
  /** Players of each worker. */
  shares: number[];
  report: Report;
  /** The push service on this machine the servers may post to (the push scenario). */
  pushService?: string;
};

export type Outcome = { ok: boolean; verdict: string };

const names = (ctx: Context) => ctx.servers.instances.map((s) => s.name);

/**
 * RSS of every instance after a full GC there (when the servers have the hook), printed as one
 * line each ("server RSS ..." or "server B RSS ...").
 */
export async function printRss(
  ctx: Context,
  key: string,
  label: string,
): Promise<(number | undefined)[]> {
  await ctx.servers.collectGarbage?.();
  const readings = ctx.servers.instances.map((s) => rssKb(s.pid));
  readings.forEach((kb, i) => {
    const name = ctx.servers.instances.length > 1 ? `server ${names(ctx)[i]}` : "server";
    ctx.report.figure(`${key}${names(ctx)[i]}`, `${name} RSS ${label}`, fmt.mb(kb), kb);
  });
  return readings;
}

/** Runs one setup phase on every worker; prints its wall time, throughput and failures. */
async function phase(
  ctx: Context,
  key: string,
  label: string,
  command: (index: number) => Command,
): Promise<{ done: number; perWorker: number[]; seconds: number }> {
  const { instances } = ctx.servers;
  const cpu = new CpuMeter([...instances.map((s) => s.pid), ...ctx.pool.pids]);
  const started = performance.now();
  const results = await ctx.pool.all<SetupResult>(command, ctx.options.phaseTimeout * 1000);
  const seconds = (performance.now() - started) / 1000;
  const usage = cpu.read();
  const machine = cpu.machine();
  const failed = {};
  for (const result of results) addCounts(failed, result.failed);
  const perWorker = results.map((result) => result.done);
  const done = perWorker.reduce((sum, n) => sum + n, 0);
  ctx.report.figure(
    `${key}S`,
    label,
    `${seconds.toFixed(2)} s (${done} done, ${(done / seconds).toFixed(0)}/s)`,
    { seconds, done },
  );
  if (total(failed) > 0) {
    ctx.report.figure(`${key}Failed`, `${label}: failed`, fmt.counts(failed), failed);
  }
  instances.forEach((server, i) => {
    const name = instances.length > 1 ? `server ${server.name} CPU` : "server CPU";
    ctx.report.figure(`${key}Cpu${server.name}`, `  ${name}`, fmt.cpu(usage[i]), usage[i]);
  });
  const workers = sumOf(usage.slice(instances.length));
  ctx.report.figure(`${key}CpuWorkers`, "  client workers CPU", fmt.cpu(workers), workers);
  const ours = sumOf(usage);
  const others =
    machine === undefined || ours === undefined ? undefined : Math.max(0, machine - ours);
  ctx.report.figure(`${key}CpuOther`, "  other processes CPU", fmt.cpu(others), others);
  return { done, perWorker, seconds };
}

/** The sum, or undefined when a reading is missing. */
function sumOf(values: (number | undefined)[]): number | undefined {
  let sum = 0;
  for (const value of values) {
    if (value === undefined) return undefined;
    sum += value;
  }
  return sum;
}

/** Divides `count` over the workers in proportion to their players (largest remainder). */
export function divide(count: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (count * w) / sum);
  const parts = exact.map(Math.floor);
  let left = count - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
  }
  return parts;
}

/**
 * Phases 1-3: registers the players, opens their streams, starts the riddle station (unless
 * `activate` is false). Server RSS is read before the streams open and after each phase.
 */
export async function setUp(ctx: Context, activate: boolean): Promise<number[]> {
  const { options, report, shares } = ctx;
  // The in-flight limits are over all workers: each takes its share.
  const part = (i: number, all: number) =>
    Math.max(1, Math.round((all * (shares[i] ?? 0)) / Math.max(1, options.streams)));
  const registered = await phase(
    ctx,
    "setup.register",
    `register ${options.streams} players`,
    (i) => ({
      kind: "register",
      count: shares[i] ?? 0,
      concurrency: part(i, options.concurrency),
    }),
  );
  const before = await printRss(ctx, "setup.rssBefore", "before streams");
  const opened = await phase(ctx, "setup.open", `open ${registered.done} streams`, (i) => ({
    kind: "open",
    concurrency: part(i, options.openConcurrency),
  }));
  const afterOpen = await printRss(ctx, "setup.rssAfterOpen", "after streams");
  let after = afterOpen;
  let ready = opened.perWorker;
  if (activate) {
    const activated = await phase(
      ctx,
      "setup.activate",
      `activate station 1 for ${opened.done} players`,
      (i) => ({ kind: "activate", concurrency: part(i, options.concurrency) }),
    );
    after = await printRss(ctx, "setup.rssAfterActivate", "after activation");
    ready = activated.perWorker;
  }
  // The streams live on the streams instance (B when there are two).
  const at = ctx.servers.instances.indexOf(ctx.servers.streams);
  const perStream = (kb: number | undefined) => {
    const base = before[at];
    return kb === undefined || base === undefined || opened.done === 0
      ? undefined
      : (kb - base) / opened.done;
  };
  const on = ctx.servers.instances.length > 1 ? ` (server ${ctx.servers.streams.name})` : "";
  const openKb = perStream(afterOpen[at]);
  report.figure("setup.kbPerStreamOpen", `server KB per open stream${on}`, fmt.one(openKb), openKb);
  if (activate) {
    const kb = perStream(after[at]);
    report.figure(
      "setup.kbPerStream",
      `server KB per stream after activation${on}`,
      fmt.one(kb),
      kb,
    );
  }
  report.set("setup.opened", opened.done);
  return ready;
}

/** One measurement at `rate` over every worker; prints its figures. */
export async function measure(
  ctx: Context,
  step: number,
  rate: number,
  ready: number[],
  duration = ctx.options.duration,
): Promise<StepFigures> {
  const { options, servers, pool } = ctx;
  const durationMs = duration * 1000;
  const counts = divide(Math.round(rate * duration), ready);
  const cpu = new CpuMeter([...servers.instances.map((s) => s.pid), ...pool.pids]);
  const writes = new WriteMeter(servers.instances.map((s) => s.pid));
  const serverView = await serverStep(servers.instances);
  const mainCpu = process.cpuUsage();
  const started = performance.now();
  const results = await pool.all<MeasureResult>(
    (i) => ({
      kind: "measure",
      step,
      count: counts[i] ?? 0,
      durationMs,
      graceMs: options.grace * 1000,
    }),
    durationMs + options.grace * 1000 + 60_000,
  );
  const windowS = (performance.now() - started) / 1000;
  const usage = cpu.read();
  const server = await serverView();
  const machine = cpu.machine();
  const main = process.cpuUsage(mainCpu);
  const mainPct = ((main.user + main.system) / 1e6 / windowS) * 100;
  const ours = sumOf(usage);
  const serverCpu = usage.slice(0, servers.instances.length);
  const workerCpu = usage.slice(servers.instances.length);
  const errors = {};
  for (const r of results) addCounts(errors, r.errors);
  const sum = (pick: (r: MeasureResult) => number) => results.reduce((s, r) => s + pick(r), 0);
  const replies = sum((r) => r.replies);
  return {
    rate,
    durationS: duration,
    sent: sum((r) => r.sent),
    skipped: sum((r) => r.skipped),
    replies,
    achieved: replies / duration,
    errors,
    missing: sum((r) => r.missing),
    late: sum((r) => r.late),
    unsolicited: sum((r) => r.unsolicited),
    streamsEnded: sum((r) => r.streamsEnded),
    latency: summarise(results.map((r) => r.latencies)),
    queueWait: summarise(results.map((r) => r.queueWaits)),
    clientLag: {
      p99: Math.max(0, ...results.map((r) => r.lagP99)),
      max: Math.max(0, ...results.map((r) => r.lagMax)),
    },
    server,
    serverCpu,
    serverWrites: writes.per(replies),
    workersCpu: sumOf(workerCpu),
    mainCpu: mainPct,
    otherCpu:
      machine === undefined || ours === undefined
        ? undefined
        : Math.max(0, machine - ours - mainPct),
    windowS,
  };
}

/** The default: answers at a rate (or a sweep of rates) with every stream open. */
async function answers(ctx: Context): Promise<Outcome> {
  const { options, report } = ctx;
  const ready = await setUp(ctx, true);
  // Every player asked for must be there (registered in its game, stream open, station begun).
  const set = ready.reduce((sum, n) => sum + n, 0);
  if (set < options.streams) {
    return { ok: false, verdict: `FAIL: ${set} of ${options.streams} players set up` };
  }
  const budget = options.p99 ?? 50;
  const rates = options.sweep ?? [options.rate];
  const steps: StepFigures[] = [];
  if (options.warmup > 0) {
    const rate = rates[0] ?? options.rate;
    const warm = await measure(ctx, -1, rate, ready, options.warmup);
    report.figure(
      "warmup",
      `warm-up (${rate}/s for ${options.warmup} s, not judged)`,
      `${warm.replies} replies, p99 ${fmt.ms(warm.latency.p99)}, ${warm.missing} missing`,
      { replies: warm.replies, p99: warm.latency.p99, missing: warm.missing },
    );
  }
  for (const [i, rate] of rates.entries()) {
    report.say(`-- measurement: ${rate} answers/s for ${options.duration} s --`);
    const step = await measure(ctx, i, rate, ready);
    printStep(report, options.sweep ? `steps.${i}` : "measure", step, names(ctx));
    steps.push(step);
  }
  const within = (s: StepFigures) => s.missing === 0 && s.latency.p99 <= budget;
  if (options.sweep) {
    printSweepTable(report, steps);
    const best = steps.filter(within).sort((a, b) => b.rate - a.rate)[0];
    report.figure(
      "sweep.highest",
      `highest rate with 0 missing and p99 <= ${budget} ms`,
      best ? `${best.rate}/s` : "none",
      best?.rate ?? null,
    );
    if (options.p99 === undefined) return { ok: true, verdict: "no budget given (--p99 MS)" };
    return best
      ? { ok: true, verdict: `PASS: up to ${best.rate}/s within p99 <= ${budget} ms, 0 missing` }
      : { ok: false, verdict: `FAIL: no rate within p99 <= ${budget} ms and 0 missing` };
  }
  const [step] = steps;
  if (!step || options.p99 === undefined) {
    return { ok: true, verdict: "no budget given (--p99 MS)" };
  }
  const text =
    `p99 ${fmt.ms(step.latency.p99)} (budget ${budget} ms), ${step.missing} missing, ` +
    `${total(step.errors)} errors, ${step.achieved.toFixed(1)}/s of ${step.rate}/s`;
  const ok = within(step) && total(step.errors) === 0;
  return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
}

/** Opens N streams (and with --activate starts the station): open time and RSS per stream. */
async function openScenario(ctx: Context): Promise<Outcome> {
  const { options, report } = ctx;
  await setUp(ctx, options.activate);
  const figures = report.figures;
  const opened = figures["setup.opened"] as number;
  const openS = (figures["setup.openS"] as { seconds: number }).seconds;
  const kb = figures[options.activate ? "setup.kbPerStream" : "setup.kbPerStreamOpen"] as
    number | undefined;
  const checks: string[] = [];
  let ok = opened === options.streams;
  checks.push(`${opened} of ${options.streams} streams open`);
  if (options.openTime !== undefined) {
    const met = openS <= options.openTime;
    ok &&= met;
    checks.push(`opened in ${openS.toFixed(2)} s (budget ${options.openTime} s)`);
  }
  if (options.kbPerStream !== undefined) {
    const met = kb !== undefined && kb <= options.kbPerStream;
    ok &&= met;
    checks.push(`${fmt.one(kb)} KB per stream (budget ${options.kbPerStream} KB)`);
  }
  if (options.openTime === undefined && options.kbPerStream === undefined) {
    checks.push("no budget given (--open-time S, --kb-per-stream KB)");
  }
  return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${checks.join(", ")}` };
}

/**
 * The memory test: one player (or --slow-players) holds `slow-sockets` raw sockets that never
 * read while that player's answers flow one after another, so every reply is written to all
 * of them; the answers are timed on a reading stream of the same player.
 */
async function slowReaders(ctx: Context): Promise<Outcome> {
  const { options, report, pool, servers } = ctx;
  if (options.streams > 0) await setUp(ctx, false);
  const pid = servers.streams.pid;
  const label = servers.instances.length > 1 ? `server ${servers.streams.name} RSS` : "server RSS";
  await servers.collectGarbage?.();
  const before = rssKb(pid);
  report.figure("slow.rssBefore", `${label} before the slow sockets`, fmt.mb(before), before);
  const opened = await pool.call<SlowOpenResult>(
    0,
    { kind: "slow-open", sockets: options.slowSockets, players: options.slowPlayers },
    options.phaseTimeout * 1000,
  );
  report.figure(
    "slow.opened",
    `slow sockets open (never read), over ${options.slowPlayers} player(s)`,
    `${opened.opened} of ${options.slowSockets}`,
    opened.opened,
  );
  report.figure(
    "slow.answered",
    "slow sockets the server answered",
    `${opened.answered} of ${options.slowSockets}`,
    opened.answered,
  );
  await new Promise((r) => setTimeout(r, 1000));
  const early = await pool.call<SlowCheckResult>(0, { kind: "slow-check", close: false }, 30_000);
  report.figure(
    "slow.closedEarly",
    "slow sockets the server closed before any answer",
    `${early.closedByServer} of ${early.sockets}`,
    early.closedByServer,
  );
  await servers.collectGarbage?.();
  const afterOpen = rssKb(pid);
  report.figure(
    "slow.rssOpen",
    `${label} with the slow sockets open`,
    fmt.mb(afterOpen),
    afterOpen,
  );

  const during = new RssSampler(pid, 200);
  const deadlineMs = options.phaseTimeout * 1000;
  const answered = await pool
    .call<SlowAnswersResult>(
      0,
      {
        kind: "slow-answers",
        count: options.slowAnswers,
        replyTimeoutMs: options.requestTimeout * 1000,
        deadlineMs,
      },
      deadlineMs + 60_000,
    )
    .finally(() => during.stop());
  const latency = summarise([answered.latencies]);
  report.figure(
    "slow.sent",
    "answers of the slow-socket player(s)",
    String(answered.sent),
    answered.sent,
  );

  report.figure(
    "slow.replies",
    "replies on the reading streams",
    String(answered.replies),
    answered.replies,
  );
  report.figure(
    "slow.seconds",
    "time for the answers",
    fmt.seconds(answered.ms),
    answered.ms / 1000,
  );
  report.figure("slow.errors", "HTTP errors", fmt.counts(answered.errors), answered.errors);
  if (answered.stopped) report.figure("slow.stopped", "stopped early", answered.stopped);
  report.figure("slow.p50", "latency p50 (one at a time)", fmt.ms(latency.p50), latency.p50);
  report.figure("slow.p99", "latency p99 (one at a time)", fmt.ms(latency.p99), latency.p99);
  report.figure("slow.max", "latency max", fmt.ms(latency.max), latency.max);
  report.figure(
    "slow.rssPeak",
    `${label} peak during the answers`,
    fmt.mb(during.peakKb),
    during.peakKb,
  );
  report.figure("slow.rssEnd", `${label} after the answers`, fmt.mb(during.lastKb), during.lastKb);

  const closed = await pool.call<SlowCheckResult>(0, { kind: "slow-check", close: true }, 30_000);
  report.figure(
    "slow.closedByServer",
    "slow sockets the server had closed by itself",
    `${closed.closedByServer} of ${closed.sockets}`,
    closed.closedByServer,
  );
  report.figure(
    "slow.unreadBytes",
    "bytes unread in the client's kernel buffers",
    fmt.mb(closed.unreadBytes / 1024),
    closed.unreadBytes,
  );
  report.figure(
    "slow.unsentBytes",
    "bytes unsent in the server's kernel buffers",
    fmt.mb(closed.unsentBytes / 1024),
    closed.unsentBytes,
  );
  const afterClose = new RssSampler(pid, 200);
  await new Promise((r) => setTimeout(r, 10_000));
  afterClose.stop();
  report.figure(
    "slow.rssAfterClose",
    `${label} 10 s after closing them`,
    fmt.mb(afterClose.lastKb),
    afterClose.lastKb,
  );
  report.figure(
    "slow.rssMinAfterClose",
    `${label} lowest in those 10 s`,
    fmt.mb(afterClose.minKb),
    afterClose.minKb,
  );
  if (servers.collectGarbage) {
    await servers.collectGarbage();
    const collected = rssKb(pid);
    report.figure("slow.rssAfterGc", `${label} then after a full GC`, fmt.mb(collected), collected);
  }
  const growth =
    during.peakKb !== undefined && afterOpen !== undefined ? during.peakKb - afterOpen : undefined;
  report.figure("slow.growth", `${label} peak growth during the answers`, fmt.mb(growth), growth);
  const wanted = options.slowAnswers * options.slowPlayers;
  const ok = answered.replies === wanted && total(answered.errors) === 0;
  return {
    ok,
    verdict: ok
      ? "done: every answer was answered on its reading stream (no memory budget)"
      : `FAIL: ${answered.replies} of ${wanted} answers answered`,
  };
}

/**
 * How far each worker's shared clock (clock.ts) is from ours: per worker the reading of the
 * fastest of five IPC round trips, against the middle of that trip.
 */
async function clockOffsets(pool: WorkerPool): Promise<{ offset: number; roundTrip: number }> {
  let offset = 0;
  let roundTrip = 0;
  for (let i = 0; i < pool.size; i++) {
    let best = { offset: 0, roundTrip: Infinity };
    for (let n = 0; n < 5; n++) {
      const before = sharedNow();
      const theirs = await pool.call<number>(i, { kind: "clock" }, 10_000);
      const after = sharedNow();
      if (after - before < best.roundTrip) {
        best = { offset: theirs - (before + after) / 2, roundTrip: after - before };
      }
    }
    if (Math.abs(best.offset) >= Math.abs(offset)) offset = best.offset;
    roundTrip = Math.max(roundTrip, best.roundTrip);
  }
  return { offset, roundTrip };
}

/** "+0.012", "-0.004"; no "-0.000". */
function signed(text: string): string {
  return /^-0\.0*$/.test(text) ? text.slice(1) : text.startsWith("-") ? text : `+${text}`;
}

/** The figures of one news item. */
type BroadcastFigures = {
  id: number | null;
  /** POST status, or an error code. */
  status: number | string;
  /** ms from just before the POST to its whole answer. */
  postMs: number;
  expected: number;
  delivered: number;
  missing: number;
  duplicates: number;
  /** ms from just before the POST to the arrival on the first, median, ... and last stream. */
  first: number;
  p50: number;
  p99: number;
  max: number;
  /** Characters of the `news` event that carried it (the whole current list). */
  eventChars: number;
  /**
   * CPU time in ms from just before the POST until every arrival was in: per server instance,
   * the workers together, and every other process of the machine (clock ticks: ±10 ms).
   */
  cpuMs: {
    servers: (number | undefined)[];
    workers: number | undefined;
    others: number | undefined;
  };
};

/** CPU ticks of each pid and of the whole machine, now. */
function ticksNow(pids: (number | undefined)[]): {
  pids: (number | undefined)[];
  machine?: number;
} {
  return { pids: pids.map(cpuTicks), machine: machineBusyTicks() };
}

/** ms of CPU between two readings: per pid, and the machine's. */
function cpuSince(
  before: ReturnType<typeof ticksNow>,
  pids: (number | undefined)[],
): { pids: (number | undefined)[]; machine: number | undefined } {
  const now = ticksNow(pids);
  const ms = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? undefined : ((b - a) * 1000) / clockTicks;
  return {
    pids: now.pids.map((ticks, i) => ms(before.pids[i], ticks)),
    machine: ms(before.machine, now.machine),
  };
}

/** The longest wait for a quiet machine before one news item (`--quiet-below`). */
const QUIET_WAIT_MS = 120_000;

/**
 * Waits until the machine's other processes (everything but `pids`) used less than `below` %
 * of one core over a whole second, at most QUIET_WAIT_MS; returns their share in the last
 * second and how long it waited.
 */
async function quietMachine(
  pids: (number | undefined)[],
  below: number,
): Promise<{ othersPct: number | undefined; waitedMs: number }> {
  const started = performance.now();
  for (;;) {
    const before = ticksNow(pids);
    await new Promise((r) => setTimeout(r, 1000));
    const used = cpuSince(before, pids);
    const ours = sumOf(used.pids);
    const others =
      used.machine === undefined || ours === undefined
        ? undefined
        : Math.max(0, used.machine - ours) / 10;
    const waitedMs = performance.now() - started;
    if (others === undefined || others < below || waitedMs >= QUIET_WAIT_MS) {
      return { othersPct: others, waitedMs };
    }
  }
}

/** A news text of realistic length, numbered. */
function newsText(n: number): { de: string; en: string } {
  return {
    de: `Lastprobe ${n}: Der Shuttlebus zur Station am Schloss fährt heute ab 14 Uhr vom Marktplatz.`,
    en: `Load test ${n}: the shuttle bus to the castle station leaves the market square from 2 pm.`,
  };
}

/**
 * The news broadcast: every stream open (setUp without the station), then `--broadcasts` news
 * items posted one after another to the posts instance (A), each timed on every stream (on B
 * when there are two) from just before its POST, on the clock every process shares.
 */
async function broadcastScenario(ctx: Context): Promise<Outcome> {
  const { options, report, pool, servers } = ctx;
  const token = servers.operatorToken;
  if (token === undefined) {
    throw new Error(
      "the broadcast scenario needs the running server's OPERATOR_TOKEN in the environment",
    );
  }
  const client = new OpsClient(servers.posts, token, options.requestTimeout * 1000);
  try {
    // The token first: a refused one fails before the streams are opened.
    const check = await client.call("GET", "/api/ops/news");
    if (check.status !== 200) {
      throw new Error(`GET /api/ops/news answered ${check.status}: ${check.body.slice(0, 200)}`);
    }
    await setUp(ctx, false);
    const readyTimeoutMs = options.requestTimeout * 1000;
    const readies = await pool.all<NewsReadyResult>(
      () => ({ kind: "news-ready", timeoutMs: readyTimeoutMs }),
      readyTimeoutMs + 30_000,
    );
    const open = readies.reduce((sum, r) => sum + r.open, 0);
    const ready = readies.reduce((sum, r) => sum + r.ready, 0);
    report.figure(
      "broadcast.ready",
      "streams open with their opening news event",
      `${ready} of ${open}${ready === 0 ? " (none sent: no news yet)" : ""}`,
      { open, ready },
    );
    const clock = await clockOffsets(pool);
    report.figure(
      "broadcast.clock",
      "worker clocks against the orchestrator's",
      `${signed(clock.offset.toFixed(3))} ms at most ` +
        `(IPC round trip ${clock.roundTrip.toFixed(3)} ms)`,
      clock,
    );
    report.say(
      `-- broadcast: ${options.broadcasts} news items to ${open} streams, ` +
        `a pause of ${options.pause} s before each` +
        `${options.quietBelow === undefined ? "" : `, then until other processes use < ${options.quietBelow} % of a core`} --`,
    );
    const { instances } = servers;
    const cpu = new CpuMeter([...instances.map((s) => s.pid), ...pool.pids]);
    const started = performance.now();
    const mainCpu = process.cpuUsage();
    const figures: BroadcastFigures[] = [];
    const all: number[][] = [];
    let late = 0;
    let streamsEnded = 0;
    // The orchestrator's own last: it counts as ours, not as another process.
    const pids = [...instances.map((s) => s.pid), ...pool.pids, process.pid];
    for (let n = 1; n <= options.broadcasts; n++) {
      await new Promise((r) => setTimeout(r, options.pause * 1000));
      if (options.quietBelow !== undefined) {
        const quiet = await quietMachine(pids, options.quietBelow);
        report.say(
          `  waited ${fmt.seconds(quiet.waitedMs)} for a quiet machine: other processes ` +
            `${fmt.cpu(quiet.othersPct)} in the last second` +
            `${quiet.waitedMs >= QUIET_WAIT_MS ? " (gave up waiting)" : ""}`,
        );
      }
      const ticks = ticksNow(pids);
      const posted = await client.call("POST", "/api/ops/news", { text: newsText(n) });
      const id = posted.status === 200 ? newsIdOf(posted.body) : undefined;
      const postMs = posted.answeredAt - posted.sentAt;
      let results: NewsCollectResult[] = [];
      if (id !== undefined) {
        const deadline = posted.sentAt + options.grace * 1000;
        results = await pool.all<NewsCollectResult>(
          () => ({ kind: "news-collect", id, sentAt: posted.sentAt, deadline }),
          options.grace * 1000 + 30_000,
        );
      }
      const used = cpuSince(ticks, pids);
      const serversMs = used.pids.slice(0, instances.length);
      const workersMs = sumOf(used.pids.slice(instances.length, -1));
      const oursMs = sumOf(used.pids);
      const sum = (pick: (r: NewsCollectResult) => number) =>
        results.reduce((total, r) => total + pick(r), 0);
      const latency = summarise(results.map((r) => r.latencies));
      let first = Infinity;
      for (const r of results) for (const ms of r.latencies) if (ms < first) first = ms;
      const expected = id === undefined ? open : sum((r) => r.expected);
      const delivered = sum((r) => r.delivered);
      const f: BroadcastFigures = {
        id: id ?? null,
        status: posted.status,
        postMs,
        expected,
        delivered,
        missing: expected - delivered,
        duplicates: sum((r) => r.duplicates),
        first: Number.isFinite(first) ? first : NaN,
        p50: latency.p50,
        p99: latency.p99,
        max: latency.max,
        eventChars: Math.max(0, ...results.map((r) => r.eventChars)),
        cpuMs: {
          servers: serversMs,
          workers: workersMs,
          others:
            used.machine === undefined || oursMs === undefined
              ? undefined
              : Math.max(0, used.machine - oursMs),
        },
      };
      late += sum((r) => r.late);
      streamsEnded = Math.max(
        streamsEnded,
        sum((r) => r.streamsEnded),
      );
      figures.push(f);
      all.push(...results.map((r) => r.latencies));
      const what = id === undefined ? `POST failed (${posted.status})` : `news ${id}`;
      report.figure(
        `broadcasts.${n - 1}`,
        `broadcast ${n} (${what})`,
        `${delivered} of ${expected} delivered, first ${fmt.ms(f.first)}, p50 ${fmt.ms(f.p50)}, ` +
          `p99 ${fmt.ms(f.p99)}, max ${fmt.ms(f.max)}; POST answered after ${fmt.ms(postMs)}; ` +
          `event ${(f.eventChars / 1024).toFixed(1)} KB`,
        f,
      );
      const cpuMs = (ms: number | undefined) => (ms === undefined ? "n/a" : `${ms.toFixed(0)} ms`);
      const serverNames = instances.map((s, i) =>
        instances.length > 1
          ? `server ${s.name} ${cpuMs(serversMs[i])}`
          : `server ${cpuMs(serversMs[i])}`,
      );
      report.say(
        `  CPU until the last arrival: ${serverNames.join(", ")}, workers ${cpuMs(workersMs)}, ` +
          `other processes ${cpuMs(f.cpuMs.others)}`,
      );
      if (f.missing > 0 || f.duplicates > 0) {
        report.say(`  ${f.missing} missing after ${options.grace} s, ${f.duplicates} duplicates`);
      }
    }
    const windowS = (performance.now() - started) / 1000;
    const usage = cpu.read();
    const machine = cpu.machine();
    const main = process.cpuUsage(mainCpu);
    const mainPct = ((main.user + main.system) / 1e6 / windowS) * 100;

    // An item that reached no stream has no last delivery: the median is of the others, and
    // the run fails on the missing deliveries anyway.
    const maxima = figures
      .map((f) => f.max)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const median = percentile(maxima, 50);
    const worst = maxima.length < figures.length ? NaN : (maxima[maxima.length - 1] ?? NaN);
    const overall = summarise(all);
    const posts = figures.map((f) => f.postMs).sort((a, b) => a - b);
    const wanted = options.streams * options.broadcasts;
    const delivered = figures.reduce((sum, f) => sum + f.delivered, 0);
    const missing = figures.reduce((sum, f) => sum + f.missing, 0);
    const duplicates = figures.reduce((sum, f) => sum + f.duplicates, 0);
    const failedPosts = figures.filter((f) => f.id === null).length;
    report.figure(
      "broadcast.delivered",
      "delivered",
      `${delivered} of ${wanted} (${options.streams} streams × ${options.broadcasts}), ` +
        `${missing} missing, ${duplicates} duplicates, ${late} late`,
      { delivered, wanted, missing, duplicates, late },
    );
    if (failedPosts > 0) {
      report.figure("broadcast.failedPosts", "news POSTs failed", String(failedPosts), failedPosts);
    }
    report.figure(
      "broadcast.maxMedian",
      `last delivery, median of the ${figures.length} broadcasts`,
      fmt.ms(median),
      median,
    );
    report.figure("broadcast.maxWorst", "last delivery, worst broadcast", fmt.ms(worst), worst);
    report.figure(
      "broadcast.p50",
      "delivery p50, every stream and broadcast",
      fmt.ms(overall.p50),
      overall.p50,
    );
    report.figure(
      "broadcast.p99",
      "delivery p99, every stream and broadcast",
      fmt.ms(overall.p99),
      overall.p99,
    );
    const postMedian = percentile(posts, 50);
    report.figure("broadcast.postMedian", "POST answered, median", fmt.ms(postMedian), postMedian);
    report.figure(
      "broadcast.streamsEnded",
      "streams ended by the server",
      String(streamsEnded),
      streamsEnded,
    );
    instances.forEach((server, i) => {
      const name = instances.length > 1 ? `server ${server.name} CPU` : "server CPU";
      report.figure(`broadcast.serverCpu${server.name}`, name, fmt.cpu(usage[i]), usage[i]);
    });
    const workers = sumOf(usage.slice(instances.length));
    report.figure("broadcast.workersCpu", "client workers CPU", fmt.cpu(workers), workers);
    report.figure("broadcast.mainCpu", "orchestrator CPU", fmt.cpu(mainPct), mainPct);
    const ours = sumOf(usage);
    const others =
      machine === undefined || ours === undefined
        ? undefined
        : Math.max(0, machine - ours - mainPct);
    report.figure(
      "broadcast.otherCpu",
      "other processes CPU (shared machine)",
      fmt.cpu(others),
      others,
    );
    report.figure(
      "broadcast.windowS",
      "measured window (pauses included)",
      `${windowS.toFixed(2)} s`,
      windowS,
    );

    const complete = delivered === wanted && duplicates === 0;
    const fast = median <= options.maxMs;
    const ok = complete && fast;
    const text =
      `${delivered} of ${wanted} deliveries; last delivery ${fmt.ms(median)} ` +
      `(median of ${figures.length} broadcasts, worst ${fmt.ms(worst)}), budget ${options.maxMs} ms`;
    return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
  } finally {
    client.close();
  }
}

/** The scenarios of this file by name (registry.ts adds the others). */
export const baseScenarios = {
  answers,
  open: openScenario,
  "slow-readers": slowReaders,
  broadcast: broadcastScenario,
} satisfies Partial<Record<ScenarioName, (ctx: Context) => Promise<Outcome>>>;
