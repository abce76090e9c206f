import type { ClientErrorReport } from "@wegmarke/protocol";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** What the gauges read when Prometheus scrapes: nothing is kept up to date on the hot path. */
export type MetricSources = {
  /** Open event streams of the game in this process. */
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
 * The metric families of the process (decisions/015-metrics.md), every game's series in them
 * under its `game` label (decisions/054): the installation's first game's server makes them,
 * each other game's server counts into them through its `Metrics`, and the one `/metrics`
 * shows them all. The database's gauges are the process's, read from the first game's store.
 */
export class MetricFamilies {
  readonly registry = new Registry();
  readonly turns: Counter<"game">;
  readonly turnSeconds: Histogram<"game">;
  readonly events: Counter<"game">;
  readonly smsSent: Counter<"game">;
  readonly smsFailed: Counter<"game">;
  readonly requests: Counter<"game" | "method" | "route" | "status">;
  readonly pushes: Counter<"game" | "outcome">;
  readonly clientErrors: Counter<"game" | "kind">;
  /** The games' gauge sources, by game name; the first watched gives the database's. */
  readonly sources = new Map<string, MetricSources>();
  private databaseWatched = false;

  constructor() {
    const registers = [this.registry];
    const labelNames = ["game"] as const;
    this.turns = new Counter({
      name: "wegmarke_turns_total",
      help: "Turns committed: answers, buttons, station and story changes, delivered messages",
      labelNames,
      registers,
    });
    this.turnSeconds = new Histogram({
      name: "wegmarke_turn_duration_seconds",
      help: "Time from a turn's call to its commit, the wait for the stream's queue included",
      buckets: TURN_BUCKETS,
      labelNames,
      registers,
    });
    this.events = new Counter({
      name: "wegmarke_events_appended_total",
      help: "Events appended to the event log",
      labelNames,
      registers,
    });
    this.smsSent = new Counter({
      name: "wegmarke_sms_sent_total",
      help: "SMS the provider took",
      labelNames,
      registers,
    });
    this.smsFailed = new Counter({
      name: "wegmarke_sms_failed_total",
      help: "SMS the provider refused or did not answer for",
      labelNames,
      registers,
    });
    this.pushes = new Counter({
      name: "wegmarke_pushes_total",
      help: "Web pushes by outcome: sent (the push service took it), gone (subscription ended), failed",
      labelNames: ["game", "outcome"],
      registers,
    });
    this.clientErrors = new Counter({
      name: "wegmarke_client_errors_total",
      help: "Screens the app reported broken: chunk (its code did not load), render (it threw)",
      labelNames: ["game", "kind"],
      registers,
    });
    this.requests = new Counter({
      name: "wegmarke_http_requests_total",
      help: "HTTP requests answered, by game, method, route pattern and status",
      labelNames: ["game", "method", "route", "status"],
      registers,
    });
    const games = this.sources;
    const perGame = (read: (sources: MetricSources) => number) =>
      function collect(this: Gauge<"game">) {
        this.reset();
        for (const [game, sources] of games) this.labels(game).set(read(sources));
      };
    new Gauge({
      name: "wegmarke_streams_open",
      help: "Open event streams",
      labelNames,
      registers,
      collect: perGame((sources) => sources.streams()),
    });
    new Gauge({
      name: "wegmarke_players_online",
      help: "Distinct players with an open event stream",
      labelNames,
      registers,
      collect: perGame((sources) => sources.playersOnline()),
    });
  }

  /** The script workers' figures (the process's pool, watched by the server that made it). */
  watchScripts(read: () => { steps: number; live: number }): void {
    const registers = [this.registry];
    gauge(
      registers,
      "wegmarke_script_steps",
      "Dialogue steps run since the start",
      () => read().steps,
    );
    gauge(
      registers,
      "wegmarke_script_steps_live",
      "Of them, steps whose ink state the script worker kept live since the run's last step",
      () => read().live,
    );
  }

  /** The database's gauges, once: read from the first game's store to watch (the process's). */
  watchDatabase(database: MetricSources["database"]): void {
    if (this.databaseWatched) return;
    this.databaseWatched = true;
    const registers = [this.registry];
    gauge(
      registers,
      "wegmarke_db_transactions_open",
      "Database transactions under way or waiting for the connection",
      () => database().transactions,
    );
    if (database().pool) {
      const pool = () => database().pool ?? { total: 0, idle: 0, waiting: 0 };
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
}

/**
 * One game's metrics in Prometheus's text format: its series of the process's families
 * (`MetricFamilies`, the first game's; a server of its own makes its own). The services count
 * through the functions below (a counter increment each, no allocation); the gauges are read
 * from `sources` at scrape time.
 */
export class Metrics {
  private readonly turnCount: { inc(): void };
  private readonly turnSeconds: { observe(value: number): void };
  private readonly events: { inc(value?: number): void };
  private readonly sms: { sent: { inc(): void }; failed: { inc(): void } };

  constructor(
    /** The game's short name (`default` for the first), its series' `game` label. */
    private readonly game: string,
    private readonly families = new MetricFamilies(),
  ) {
    // Each series exists from the start, at 0.
    const counter = (family: Counter<"game">) => {
      family.labels(game).inc(0);
      return family.labels(game);
    };
    families.turnSeconds.zero({ game });
    this.turnCount = counter(families.turns);
    this.turnSeconds = families.turnSeconds.labels(game);
    this.events = counter(families.events);
    this.sms = { sent: counter(families.smsSent), failed: counter(families.smsFailed) };
  }

  /** The families this game's series are in: another game's server counts into them too. */
  get shared(): MetricFamilies {
    return this.families;
  }

  /** Adds the game's gauges, read from `sources` at each scrape (they exist once the app does). */
  watch(sources: MetricSources): void {
    this.families.watchDatabase(sources.database);
    this.families.sources.set(this.game, sources);
  }

  /** The game's server closed: its gauges go (its counters stay, as Prometheus expects). */
  close(): void {
    this.families.sources.delete(this.game);
  }

  /** A turn committed after `seconds`, appending `events` events. */
  readonly turn = (seconds: number, events: number): void => {
    this.turnCount.inc();
    this.turnSeconds.observe(seconds);
    if (events > 0) this.events.inc(events);
  };

  readonly smsWasSent = (): void => this.sms.sent.inc();

  readonly smsFailedToSend = (): void => this.sms.failed.inc();

  readonly pushed = (outcome: "sent" | "gone" | "failed"): void => {
    this.families.pushes.labels(this.game, outcome).inc();
  };

  readonly clientError = (kind: ClientErrorReport["kind"]): void => {
    this.families.clientErrors.labels(this.game, kind).inc();
  };

  /** The request counter of one route (its pattern, not the URL) and method. */
  requestCounter(method: string, route: string): StatusCounter {
    const byStatus = new Map<number, { inc(): void }>();
    return (status) => {
      let counter = byStatus.get(status);
      if (!counter) {
        counter = this.families.requests.labels(this.game, method, route, String(status));
        byStatus.set(status, counter);
      }
      return counter;
    };
  }

  /** The text Prometheus scrapes (every game's series and the process's), and its type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    const both = Registry.merge([processMetrics(), this.families.registry]);
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
