import type { ClientErrorReport } from "@wegmarke/protocol";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** What the gauges read when Prometheus scrapes: nothing is kept up to date on the hot path. */
export type MetricSources = {
  /** Open event streams of this process. */
  streams: () => number;
  /** Distinct players with an open stream in this process. */
  playersOnline: () => number;
  /**
   * Transactions of the store under way or waiting for the connection; with PostgreSQL its
   * pool: connections, idle ones, and queries waiting for one.
   */
  database: () => {
    transactions: number;
    pool?: { total: number; idle: number; waiting: number };
  };
};

/** Upper bounds (seconds) of the turn latency buckets: a turn's budget is tens of ms. */
const TURN_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * The process's own figures (memory, CPU, event-loop lag, garbage collection, handles): one
 * set per process, however many apps it builds (tests build many).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A counter by HTTP status for one route and method: one child per status, made once. */
export type StatusCounter = (status: number) => { inc(): void };

/**
 * The server's metrics in Prometheus's text format (decisions/015-metrics.md). The services
 * count through the functions below (a counter increment each, no allocation); the gauges
 * are read from `sources` at scrape time.
 */
export class Metrics {
  /** The app's metrics; `/metrics` shows the process's beside them. */
  private readonly registry = new Registry();
  private readonly turns: Counter;
  private readonly turnSeconds: Histogram;
  private readonly events: Counter;
  private readonly smsSent: Counter;
  private readonly smsFailed: Counter;
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly pushes: Counter<"outcome">;
  private readonly clientErrors: Counter<"kind">;

  constructor() {
    const registers = [this.registry];
    this.turns = new Counter({
      name: "wegmarke_turns_total",
      help: "Turns committed: answers, buttons, station and story changes, delivered messages",
      registers,
    });
    this.turnSeconds = new Histogram({
      name: "wegmarke_turn_duration_seconds",
      help: "Time from a turn's call to its commit, the wait for the stream's queue included",
      buckets: TURN_BUCKETS,
      registers,
    });
    this.events = new Counter({
      name: "wegmarke_events_appended_total",
      help: "Events appended to the event log",
      registers,
    });
    this.smsSent = new Counter({
      name: "wegmarke_sms_sent_total",
      help: "SMS the provider took",
      registers,
    });
    this.smsFailed = new Counter({
      name: "wegmarke_sms_failed_total",
      help: "SMS the provider refused or did not answer for",
      registers,
    });
    this.pushes = new Counter({
      name: "wegmarke_pushes_total",
      help: "Web pushes by outcome: sent (the push service took it), gone (subscription ended), failed",
      labelNames: ["outcome"],
      registers,
    });
    this.clientErrors = new Counter({
      name: "wegmarke_client_errors_total",
      help: "Screens the app reported broken: chunk (its code did not load), render (it threw)",
      labelNames: ["kind"],
      registers,
    });
    this.requests = new Counter({
      name: "wegmarke_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
  }

  /** Adds the gauges, read from `sources` at each scrape (they exist once the app does). */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    gauge(registers, "wegmarke_streams_open", "Open event streams", sources.streams);
    gauge(
      registers,
      "wegmarke_players_online",
      "Distinct players with an open event stream",
      sources.playersOnline,
    );
    gauge(
      registers,
      "wegmarke_db_transactions_open",
      "Database transactions under way or waiting for the connection",
      () => sources.database().transactions,
    );
    if (sources.database().pool) {
      const pool = () => sources.database().pool ?? { total: 0, idle: 0, waiting: 0 };
      gauge(
        registers,
        "wegmarke_db_pool_connections",
        "PostgreSQL pool: connections",
        () => pool().total,
      );
      gauge(
        registers,
        "wegmarke_db_pool_idle_connections",
        "PostgreSQL pool: idle",
        () => pool().idle,
      );
      gauge(
        registers,
        "wegmarke_db_pool_waiting_requests",
        "PostgreSQL pool: queries waiting for a connection",
        () => pool().waiting,
      );
    }
  }

  /** A turn committed after `seconds`, appending `events` events. */
  readonly turn = (seconds: number, events: number): void => {
    this.turns.inc();
    this.turnSeconds.observe(seconds);
    if (events > 0) this.events.inc(events);
  };

  readonly smsWasSent = (): void => this.smsSent.inc();

  readonly smsFailedToSend = (): void => this.smsFailed.inc();

  readonly pushed = (outcome: "sent" | "gone" | "failed"): void => {
    this.pushes.labels(outcome).inc();
  };

  readonly clientError = (kind: ClientErrorReport["kind"]): void => {
    this.clientErrors.labels(kind).inc();
  };

  /** The request counter of one route (its pattern, not the URL) and method. */
  requestCounter(method: string, route: string): StatusCounter {
    const byStatus = new Map<number, { inc(): void }>();
    return (status) => {
      let counter = byStatus.get(status);
      if (!counter) {
        counter = this.requests.labels(method, route, String(status));
        byStatus.set(status, counter);
      }
      return counter;
    };
  }

  /** The text Prometheus scrapes, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    const both = Registry.merge([processMetrics(), this.registry]);
    return { text: await both.metrics(), contentType: both.contentType };
  }
}

function gauge(registers: Registry[], name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers,
    collect() {
      this.set(read());
    },
  });
}
