/**
 * What a run does: the setup phases (register, open, activate) and the scenarios built on them.
 * Each scenario prints its figures and returns whether its budgets were met.
 */
import type {
  Command,
  MeasureResult,
  SetupResult,
  SlowAnswersResult,
  SlowCheckResult,
  SlowOpenResult,
} from "./messages";
import type { Options, ScenarioName } from "./options";
import type { WorkerPool } from "./pool";
import { CpuMeter, RssSampler, rssKb } from "./proc";
import { fmt, printStep, printSweepTable, total } from "./report";
import type { Report, StepFigures } from "./report";
import type { Servers } from "./servers";
import { addCounts, summarise } from "./stats";

export type Context = {
  options: Options;
  servers: Servers;
  pool: WorkerPool;
  /** Players of each worker. */
  shares: number[];
  report: Report;
};

export type Outcome = { ok: boolean; verdict: string };

const names = (ctx: Context) => ctx.servers.instances.map((s) => s.name);

/**
 * RSS of every instance after a full GC there (when the servers have the hook), printed as one
 * line each ("server RSS ..." or "server B RSS ...").
 */
async function printRss(ctx: Context, key: string, label: string): Promise<(number | undefined)[]> {
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
function divide(count: number, weights: number[]): number[] {
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
async function measure(
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
    serverCpu,
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
 * Every scenario by name. `broadcast` goes here once the news broadcast endpoint exists: set up
 * like `answers` (setUp), post one news item, time its arrival on every stream (a new worker
 * command next to `measure`).
 */
export const scenarios: Record<ScenarioName, (ctx: Context) => Promise<Outcome>> = {
  answers,
  open: openScenario,
  "slow-readers": slowReaders,
};
