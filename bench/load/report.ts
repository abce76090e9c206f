/**
 * The output: plain text, one figure per line (`label: value`), printed as the phases finish,
 * and the same figures gathered for `--json`.
 */
import { writeFileSync } from "node:fs";
import type { Counts } from "./messages";
import type { LatencySummary } from "./stats";
import type { ServerStep } from "./server-metrics";

export const fmt = {
  /** "12.3 ms" */
  ms: (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? "n/a" : `${value.toFixed(1)} ms`,
  /** "2.31 s" */
  seconds: (ms: number) => `${(ms / 1000).toFixed(2)} s`,
  /** "123.4 MB" from KB */
  mb: (kb: number | undefined) => (kb === undefined ? "n/a" : `${(kb / 1024).toFixed(1)} MB`),
  /** "45.3 % of one core" */
  cpu: (pct: number | undefined) => (pct === undefined ? "n/a" : `${pct.toFixed(1)} % of one core`),
  /** "none" or "500: 3, ECONNRESET: 1" */
  counts: (counts: Counts) => {
    const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
    return entries.length === 0 ? "none" : entries.map(([k, n]) => `${k}: ${n}`).join(", ");
  },
  /** "1.0" (rate-like numbers) */
  one: (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(1),
};

export function total(counts: Counts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** Prints figures and keeps them (under dotted keys) for the JSON file. */
export class Report {
  readonly figures: Record<string, unknown> = {};

  /** A line of text only. */
  say(text: string): void {
    console.log(text);
  }

  /** `label: text`, and `value` under `key` in the JSON. */
  figure(key: string, label: string, text: string, value: unknown = text): void {
    console.log(`${label}: ${text}`);
    this.set(key, value);
  }

  /** A value in the JSON only. */
  set(key: string, value: unknown): void {
    this.figures[key] = value;
  }

  /** The figures as JSON, nested by the dots of their keys (`steps.0.p99` → steps[0].p99). */
  write(file: string): void {
    writeFileSync(file, `${JSON.stringify(nest(this.figures), null, 2)}\n`);
  }
}

type Tree = { [key: string]: unknown };

function nest(flat: Record<string, unknown>): unknown {
  const root: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    const last = parts.pop() ?? key;
    let node = root;
    for (const part of parts) {
      const next = node[part];
      node = (next !== null && typeof next === "object" ? next : (node[part] = {})) as Tree;
    }
    node[last] = value;
  }
  return arrays(root);
}

/** Objects keyed 0, 1, 2, ... become arrays. */
function arrays(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value as Tree).map(([k, v]) => [k, arrays(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** The figures of one measurement (one sweep step). */
export type StepFigures = {
  rate: number;
  durationS: number;
  sent: number;
  skipped: number;
  replies: number;
  achieved: number;
  errors: Counts;
  missing: number;
  late: number;
  unsolicited: number;
  streamsEnded: number;
  latency: LatencySummary;
  queueWait: LatencySummary;
  /** The client workers' event-loop delay, ms: the worst worker's p99 and longest delay. */
  clientLag: { p99: number; max: number };
  /** Each server's own view of the step (its `/metrics`). */
  server: ServerStep[];
  /** Percent of one core per server instance. */
  serverCpu: (number | undefined)[];
  /** Per server instance, its writing system calls and the KB they wrote, per reply received. */
  serverWrites: ({ calls: number; kb: number } | undefined)[];
  /** Percent of one core of all workers together, and of the orchestrator. */
  workersCpu: number | undefined;
  mainCpu: number;
  /** Percent of one core used by every other process on the machine meanwhile. */
  otherCpu: number | undefined;
  windowS: number;
};

/** Prints one measurement, a figure per line. */
export function printStep(report: Report, key: string, step: StepFigures, names: string[]): void {
  const f = (name: string, label: string, text: string, value?: unknown) =>
    report.figure(`${key}.${name}`, label, text, value);
  f("sent", "answers sent", String(step.sent), step.sent);
  f("skipped", "answers skipped (no free player)", String(step.skipped), step.skipped);
  f("replies", "replies received", String(step.replies), step.replies);
  f("achieved", "answers/s achieved", fmt.one(step.achieved), step.achieved);
  f("errors", "HTTP errors", fmt.counts(step.errors), step.errors);
  f("missing", `replies missing after the wait`, String(step.missing), step.missing);
  f("late", "late replies of earlier steps", String(step.late), step.late);
  f(
    "unsolicited",
    "unsolicited answer-expected (so far)",
    String(step.unsolicited),
    step.unsolicited,
  );
  f(
    "streamsEnded",
    "streams ended by the server (so far)",
    String(step.streamsEnded),
    step.streamsEnded,
  );
  f("p50", "latency p50", fmt.ms(step.latency.p50), step.latency.p50);
  f("p90", "latency p90", fmt.ms(step.latency.p90), step.latency.p90);
  f("p99", "latency p99", fmt.ms(step.latency.p99), step.latency.p99);
  f("max", "latency max", fmt.ms(step.latency.max), step.latency.max);
  f("queueP99", "client pool wait p99", fmt.ms(step.queueWait.p99), step.queueWait.p99);
  f(
    "clientLag",
    "client event-loop delay p99 / max",
    `${fmt.ms(step.clientLag.p99)} / ${fmt.ms(step.clientLag.max)}`,
    step.clientLag,
  );
  step.server.forEach((view, i) => {
    const name = names.length > 1 ? `server ${names[i]}` : "server";
    if (view.lagP99 !== undefined && view.lagMax !== undefined)
      f(
        `serverLag${names[i]}`,
        `${name} event-loop delay p99 / max`,
        `${fmt.ms(view.lagP99)} / ${fmt.ms(view.lagMax)}`,
        { p99: view.lagP99, max: view.lagMax },
      );
    if (view.turns !== undefined && view.turnsOver50 !== undefined)
      f(
        `serverSlowTurns${names[i]}`,
        `${name} turns over 50 ms, call to commit`,
        `${view.turnsOver50} of ${view.turns}`,
        view.turnsOver50,
      );
    if (view.scriptSteps !== undefined && view.scriptStepsLive !== undefined)
      f(
        `serverLiveSteps${names[i]}`,
        `${name} dialogue steps with a live ink state`,
        `${view.scriptStepsLive} of ${view.scriptSteps}`,
        view.scriptStepsLive,
      );
  });
  step.serverCpu.forEach((pct, i) => {
    const name = names.length > 1 ? `server ${names[i]} CPU` : "server CPU";
    f(`serverCpu${names[i]}`, name, fmt.cpu(pct), pct);
    const threads = step.server[i]?.threads;
    if (threads) {
      const pct = (value: number) => value.toFixed(1);
      const others = threads.others.slice(0, 4).map(pct).join(" / ");
      const text = `main ${pct(threads.main)} %, others ${others} %, in the kernel ${pct(threads.kernel)} % (of one core)`;
      f(`serverThreads${names[i]}`, `${name} by thread`, text, threads);
    }
  });
  step.serverWrites.forEach((writes, i) => {
    const name = names.length > 1 ? `server ${names[i]}` : "server";
    const text =
      writes === undefined
        ? "n/a"
        : `${writes.calls.toFixed(1)} system calls, ${writes.kb.toFixed(1)} KB`;
    f(`serverWrites${names[i]}`, `${name} writes per reply`, text, writes);
  });
  f("workersCpu", "client workers CPU", fmt.cpu(step.workersCpu), step.workersCpu);
  f("mainCpu", "orchestrator CPU", fmt.cpu(step.mainCpu), step.mainCpu);
  f("otherCpu", "other processes CPU (shared machine)", fmt.cpu(step.otherCpu), step.otherCpu);
  f("windowS", "measured window (sending + waiting)", `${step.windowS.toFixed(2)} s`, step.windowS);
}

/** The sweep's table: one row per rate. */
export function printSweepTable(report: Report, steps: StepFigures[]): void {
  const header = ["rate", "achieved", "p50", "p99", "max", "missing", "errors", "server CPU"];
  const rows = steps.map((s) => [
    String(s.rate),
    fmt.one(s.achieved),
    fmt.ms(s.latency.p50),
    fmt.ms(s.latency.p99),
    fmt.ms(s.latency.max),
    String(s.missing),
    String(total(s.errors)),
    s.serverCpu.map((pct) => (pct === undefined ? "n/a" : `${pct.toFixed(0)} %`)).join(" + "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  report.say("");
  report.say(line(header));
  report.say(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) report.say(line(row));
  report.say("");
}
