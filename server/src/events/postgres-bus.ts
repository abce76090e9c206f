import { Client } from "pg";
import { createHash, randomBytes } from "node:crypto";
import type { LogRow } from "../store/event-repository";
import {
  MAX_PAYLOAD_BYTES,
  Subscribers,
  decodeAnnouncement,
  decodeSignal,
  encodeAnnouncement,
  encodeSignal,
} from "./bus";
import type { BusSignal, EventBus, Wake } from "./bus";

/**
 * The channel every instance of a deployment listens on; a notification's payload is a stream
 * key or a signal. NOTIFY reaches the whole database, so a deployment in a schema of its own
 * (`search_path`) has a channel of its own: another deployment's signals (news, activity,
 * presence) must not reach it.
 */
export const BUS_CHANNEL = "wegmarke_events";

/** The channel of the deployment whose tables are in `schema`. */
export function busChannel(schema: string): string {
  if (schema === "public") return BUS_CHANNEL;
  // Channel names are identifiers of at most 63 bytes; schema names may be as long.
  return `${BUS_CHANNEL}_${createHash("sha256").update(schema).digest("hex").slice(0, 16)}`;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

export type PostgresBusOptions = {
  /** The database: the bus opens one connection of its own that LISTENs. */
  url: string;
  /** Sends a NOTIFY over another connection (the store's pool): sending needs no listener. */
  send: (channel: string, payload: string) => Promise<void>;
  /** A lost or refused listener connection, a NOTIFY that failed. */
  onError: (error: unknown) => void;
  /** The first pause before reconnecting; it doubles up to 30 s. */
  retryMs?: number;
};

/**
 * The bus of instances sharing one PostgreSQL database (decisions/010-postgresql.md): `publish`
 * (called after the commit) hands the rows to this instance's streams at once and announces
 * them by NOTIFY; every other instance hears it on its listener connection and wakes its own
 * streams of that key, with the rows when they fit into the notification. Commits that NOTIFY
 * take turns in PostgreSQL, so one NOTIFY at a time carries every announcement made while the
 * one before was under way. When the listener connection
 * breaks, the bus reconnects with growing pauses and then wakes every local stream once:
 * notifications in between are lost, but a woken stream reads the log, so no event is.
 * Throws when the first connection fails.
 */
export async function startPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const bus = new PostgresBus(options);
  await bus.listen();
  return bus;
}

class PostgresBus implements EventBus {
  private readonly subscribers = new Subscribers();
  /** Tells this instance's own announcements apart: it delivered those already. */
  private readonly instance = randomBytes(6).toString("hex");
  /** The connection that LISTENs; undefined while (re)connecting and after close. */
  private listener: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private handler: ((signal: BusSignal) => void) | undefined;
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
    this.send(
      payload,
      () => undefined,
      () => this.announce(),
    );
  }

  subscribe(stream: string, wake: Wake): () => void {
    return this.subscribers.add(stream, wake);
  }

  broadcast(signal: BusSignal): void {
    // The other instances miss it when it fails; this one at least acts on it.
    this.send(encodeSignal(signal), () => this.handler?.(signal));
  }

  onSignal(handler: (signal: BusSignal) => void): void {
    this.handler = handler;
  }

  /** Sends what is under way (news of a call just answered), then lets go of the listener. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    while (this.sending.size > 0) await Promise.all(this.sending);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end();
  }

  /** Sends a NOTIFY; on failure reports it and calls `fallback`; `then` runs after either. */
  private send(payload: string, fallback: () => void, then?: () => void): void {
    const sending = this.options
      .send(this.channel, payload)
      .catch((error: unknown) => {
        this.options.onError(error);
        fallback();
      })
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
    });
    client.on("notification", ({ channel, payload }) => {
      if (channel !== this.channel || !payload) return;
      if (payload.startsWith("!")) {
        const signal = decodeSignal(payload);
        if (signal) this.handler?.(signal);
        return;
      }
      // This instance's own announcements come back too: it delivered those already.
      if (payload.startsWith(`@${this.instance} `)) return;
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

  private lost(client: Client): void {
    // Only the listening connection counts: not one that failed to connect or was closed.
    if (client !== this.listener) return;
    this.listener = undefined;
    this.reconnect(this.options.retryMs ?? FIRST_RETRY_MS);
  }

  private reconnect(delay: number): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.listen().then(
        () => {
          this.subscribers.wakeAll();
          // Signals in between are lost too: rankings may have changed, messages fallen due.
          this.handler?.({ kind: "scored" });
          this.handler?.({ kind: "due", at: Date.now() });
        },
        (error: unknown) => {
          this.options.onError(error);
          this.reconnect(Math.min(delay * 2, MAX_RETRY_MS));
        },
      );
    }, delay);
    this.retry.unref();
  }
}
