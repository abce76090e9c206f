import { Client } from "pg";
import { createHash, randomBytes } from "node:crypto";
import type { LogRow } from "../store/event-repository";
import { gameView, Subscribers } from "./bus";
import type { EventBus, SharedBus, Wake } from "./bus";
import {
  MAX_PAYLOAD_BYTES,
  decodeAnnouncement,
  decodeSignal,
  encodeAnnouncement,
  encodeSignal,
} from "./signal-codec";
import type { SignalMap, SignalName } from "./signal-map";
import { MAIN_GAME, SignalHandlers } from "./signals";
import type { SignalHandler } from "./signals";

/**
 * The channel every instance of a deployment listens on; a notification's payload is a signal
 * or announcements of committed rows (signal-codec.ts). NOTIFY reaches the whole database, so
 * a deployment in a schema of its own (`search_path`) has a channel of its own: another
 * deployment's signals (news, activity, presence) must not reach it.
 */
export const BUS_CHANNEL = "wegmarke_events";

/** The channel of the deployment whose tables are in `schema`. */
export function busChannel(schema: string): string {
  if (schema === "public") return BUS_CHANNEL;
  // Channel names are identifiers of at most 63 bytes; schema names may be as long.
  return `${BUS_CHANNEL}_${createHash("sha256").update(schema).digest("hex").slice(0, 16)}`;
}

const FIRST_RETRY_MS = 250;
/**
 * The longest pause between attempts to listen again: the database that answers again is heard
 * within it (at once when this instance's NOTIFY gets through), and an attempt that finds it
 * away costs a refused connection.
 */
const MAX_RETRY_MS = 1_000;
/** How long an attempt to connect the listener may take before it counts as failed. */
const CONNECT_TIMEOUT_MS = 5_000;

export type PostgresBusOptions = {
  /** The database: the bus opens one connection of its own that LISTENs. */
  url: string;
  /** Sends a NOTIFY over another connection (the store's pool): sending needs no listener. */
  send: (channel: string, payload: string) => Promise<void>;
  /**
   * A lost listener connection, the first failed attempt to listen again (not every one of a
   * long outage), a NOTIFY that failed.
   */
  onError: (error: unknown) => void;
  /** A notification refused (no signal this version knows, or a payload off its schema): why. */
  onRejected: (reason: string) => void;
  /** The first pause before reconnecting; it doubles up to 1 s. */
  retryMs?: number;
};

/**
 * The bus of instances sharing one PostgreSQL database (decisions/010-postgresql.md): `publish`
 * (called after the commit) hands the rows to this instance's streams at once and announces
 * them by NOTIFY; every other instance hears it on its listener connection and wakes its own
 * streams of that key, with the rows when they fit into the notification. Commits that NOTIFY
 * take turns in PostgreSQL, so one NOTIFY at a time carries every announcement made while the
 * one before was under way. A signal, likewise, reaches this instance's handlers at once and the
 * others by NOTIFY: an instance never depends on its listener for what it sends itself. When
 * the listener connection breaks, the bus tries to listen again every second at most (at once
 * when a NOTIFY of this instance gets through), then wakes every local stream once and calls
 * the `onMissed` handlers: notifications in between are lost, but a woken stream reads the log,
 * so no event is, and the handlers make up for the signals. Throws when the first connection
 * fails.
 */
export async function startPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const bus = new PostgresBus(options);
  await bus.listen();
  return gameView(bus, MAIN_GAME);
}

class PostgresBus implements SharedBus {
  private readonly subscribers = new Subscribers();
  /** Tells this instance's own notifications apart: it acted on those already. */
  private readonly instance = randomBytes(6).toString("hex");
  /** The connection that LISTENs; undefined while (re)connecting and after close. */
  private listener: Client | undefined;
  /** The next attempt to listen again, while the listener is away. */
  private retry: NodeJS.Timeout | undefined;
  /** The pause before the attempt after `retry`. */
  private retryDelay = 0;
  /** Failed attempts since the listener was lost. */
  private failures = 0;
  private closed = false;
  private readonly handlers = new SignalHandlers();
  /** Set by the first `listen`, from the connection's schema. */
  private channel = BUS_CHANNEL;
  /** NOTIFYs under way: `close` waits for them. */
  private readonly sending = new Set<Promise<void>>();
  /** Announcements waiting for the NOTIFY under way to finish, one per line. */
  private queued: string[] = [];
  private queuedBytes = 0;
  private announcing = false;

  constructor(private readonly options: PostgresBusOptions) {}

  publish(stream: string, rows: readonly LogRow[]): void {
    this.subscribers.wake(stream, rows);
    const line = encodeAnnouncement(this.instance, stream, rows);
    const bytes = Buffer.byteLength(line) + 1;
    // What would not fit into the next notification waits for the one after it.
    if (this.queuedBytes + bytes > MAX_PAYLOAD_BYTES && this.queued.length > 0) this.announce();
    this.queued.push(line);
    this.queuedBytes += bytes;
    if (!this.announcing) this.announce();
  }

  /** Sends the queued announcements in one NOTIFY, and the next batch once it is out. */
  private announce(): void {
    if (this.queued.length === 0) {
      this.announcing = false;
      return;
    }
    const payload = this.queued.join("\n");
    this.queued = [];
    this.queuedBytes = 0;
    this.announcing = true;
    // The other instances miss it when it fails; their streams catch up on the next one.
    this.send(payload, () => this.announce());
  }

  subscribe(stream: string, wake: Wake): () => void {
    return this.subscribers.add(stream, wake);
  }

  broadcastIn<K extends SignalName>(game: number, name: K, payload: SignalMap[K]): void {
    this.handlers.dispatch(name, payload, game);
    // The others hear it from their listeners. A NOTIFY fails when the database is away: their
    // listeners are lost then too, and `onMissed` makes up for it once they listen again.
    this.send(`@${this.instance} ${encodeSignal(name, payload, game)}`);
  }

  onIn<K extends SignalName>(game: number, name: K, handler: SignalHandler<K>): void {
    this.handlers.on(name, handler, game);
  }

  onMissed(handler: () => void): void {
    this.handlers.missed(handler);
  }

  /** Sends what is under way (news of a call just answered), then lets go of the listener. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    while (this.sending.size > 0) await Promise.all(this.sending);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end();
  }

  /** Sends a NOTIFY, reporting a failure; `then` runs after either. */
  private send(payload: string, then?: () => void): void {
    const sending = this.options
      .send(this.channel, payload)
      // The database answers: a listener still away need not wait for its pause.
      .then(() => this.retryNow())
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.sending.delete(sending);
        then?.();
      });
    this.sending.add(sending);
  }

  /** Connects and LISTENs; throws when either fails. */
  async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.options.url,
      // Names the connection in pg_stat_activity (unless the URL names it).
      application_name: "wegmarke-bus",
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on("notification", ({ channel, payload }) => {
      if (channel !== this.channel || !payload) return;
      // This instance's own signals and announcements come back too: it acted on those already.
      if (payload.startsWith(`@${this.instance} `)) return;
      const body = payload.slice(payload.indexOf(" ") + 1);
      if (body.startsWith("!")) {
        this.heard(body);
        return;
      }
      for (const line of payload.split("\n")) {
        const news = decodeAnnouncement(line);
        if (!news) this.subscribers.wake(line);
        else if (news.instance !== this.instance) this.subscribers.wake(news.stream, news.rows);
      }
    });
    // A broken connection reports its error, then ends; the end starts the reconnect.
    client.on("error", (error) => this.options.onError(error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string | null }>(
        "select current_schema() as schema",
      );
      this.channel = busChannel(rows[0]?.schema ?? "public");
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) await client.end();
    else this.listener = client;
  }

  /** Another instance's signal: checked against its schema, then handed to the handlers. */
  private heard(body: string): void {
    const signal = decodeSignal(body);
    if (!signal.ok) {
      this.options.onRejected(signal.reason);
      return;
    }
    try {
      this.handlers.dispatch(signal.value.name, signal.value.payload, signal.value.game);
    } catch (error) {
      this.options.onError(error);
    }
  }

  private lost(client: Client): void {
    // Only the listening connection counts: not one that failed to connect or was closed.
    if (client !== this.listener) return;
    this.listener = undefined;
    this.failures = 0;
    this.retryDelay = this.options.retryMs ?? FIRST_RETRY_MS;
    this.schedule();
  }

  /** Arms the next attempt to listen again after the current pause. */
  private schedule(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.relisten(), this.retryDelay);
    this.retry.unref();
  }

  /** The database answered on another connection: the pending attempt runs now. */
  private retryNow(): void {
    if (this.retry === undefined) return;
    clearTimeout(this.retry);
    void this.relisten();
  }

  private async relisten(): Promise<void> {
    this.retry = undefined;
    try {
      await this.listen();
    } catch (error) {
      // One line per outage, not one per attempt.
      if (this.failures++ === 0) this.options.onError(error);
      this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
      this.schedule();
      return;
    }
    if (this.closed) return;
    // What the other instances said meanwhile is lost: the log is read, the rest made up.
    this.handlers.dispatchMissed(this.options.onError);
    this.subscribers.wakeAll();
  }
}
