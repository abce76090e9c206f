import type { FastifyInstance } from "fastify";

/** A request slower than this is logged on its own, whatever its status. */
export const SLOW_REQUEST_MS = 500;
/** How often the routine requests are summed up in one line. */
const SUMMARY_EVERY_MS = 60_000;
/** Upper bounds (ms) of the duration buckets the summary's percentiles come from. */
const BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, Infinity];

export type RequestLogOptions = {
  /** Open event streams now, for the summary. */
  streams: () => number;
  summaryEveryMs?: number;
};

/**
 * The request log, kept cheap at a thousand calls a second: failures (4xx and 5xx) and slow
 * requests get a line each, with method, redacted URL, status and duration; the routine rest
 * is counted and summed up once a minute (and on shutdown) as counts by status class and
 * duration percentiles. At `debug` and below every request gets its line, as in development.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions): void {
  const summary = new RequestSummary();
  const everyRequest = app.log.level === "debug" || app.log.level === "trace";
  const timer = setInterval(
    () => summary.flush(app, options.streams()),
    options.summaryEveryMs ?? SUMMARY_EVERY_MS,
  );
  timer.unref();

  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    summary.add(status, ms);
    const fields = { req: request, res: reply, responseTime: ms };
    if (status >= 500) request.log.error(fields, "request completed");
    else if (ms >= SLOW_REQUEST_MS) request.log.warn(fields, "slow request");
    else if (status >= 400) request.log.info(fields, "request completed");
    else if (everyRequest) request.log.debug(fields, "request completed");
    done();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    summary.flush(app, options.streams());
  });
}

/** Counts of the requests since the last summary, and a histogram of their durations. */
class RequestSummary {
  private count = 0;
  private readonly byClass = new Map<string, number>();
  private readonly buckets = BUCKETS_MS.map(() => 0);
  private maxMs = 0;

  add(status: number, ms: number): void {
    this.count++;
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.byClass.set(statusClass, (this.byClass.get(statusClass) ?? 0) + 1);
    const bucket = BUCKETS_MS.findIndex((bound) => ms <= bound);
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.maxMs = Math.max(this.maxMs, ms);
  }

  /** Writes the summary line and starts counting afresh; nothing when nothing happened. */
  flush(app: FastifyInstance, streams: number): void {
    if (this.count === 0) return;
    app.log.info(
      {
        requests: this.count,
        ...Object.fromEntries([...this.byClass].sort()),
        p50Ms: this.percentile(0.5),
        p99Ms: this.percentile(0.99),
        maxMs: Math.round(this.maxMs * 10) / 10,
        streams,
      },
      "requests since the last summary",
    );
    this.count = 0;
    this.byClass.clear();
    this.buckets.fill(0);
    this.maxMs = 0;
  }

  /** The bucket bound below which the share `p` of requests took (the maximum for the last). */
  private percentile(p: number): number {
    let seen = 0;
    for (const [i, n] of this.buckets.entries()) {
      seen += n;
      if (seen >= p * this.count) {
        const bound = BUCKETS_MS[i] ?? Infinity;
        return Math.round(Math.min(bound, this.maxMs) * 10) / 10;
      }
    }
    return Math.round(this.maxMs * 10) / 10;
  }
}
