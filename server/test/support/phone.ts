import { serverEventSchemas } from "@wegmarke/protocol";
import type { Api } from "./api";
import type { SseClient } from "./sse-client";

/** A logged event as a phone received it, or as the log holds it. */
export type Received = { id: number; event: string; data: string };

/**
 * What a phone must have received of a log: every event but the `playerstatus` snapshots (an
 * opening backlog sends only the newest of those, by design).
 */
export function withoutSnapshots(events: readonly Received[]): Received[] {
  return events.filter((event) => event.event !== "playerstatus");
}

/** Connections a phone opens at most; a test that needs more has found a loop. */
const MAX_CONNECTIONS = 20;
/** The pause before reopening an ended stream: the server's `retry:`, shortened for tests. */
const REOPEN_MS = 100;

/**
 * A player's phone for fault tests: holds the event stream open the way the web app's
 * EventSource does, reopening it with the last id it got whenever the server ends it or the
 * connection fails, and notes everything that matters: the logged events in order (an id
 * twice, or one out of order, is noted as a fault), the news items' ids it was shown, the
 * teammates' positions, and when each of its connections ended.
 */
export class Phone {
  /** Logged events in the order they arrived, across every connection. */
  readonly events: Received[] = [];
  /** Ids that came twice or out of order: `id 7 after 9`. */
  readonly faults: string[] = [];
  /** Every news item id any `news` event named. */
  readonly newsIds = new Set<number>();
  /** `teampositions` events: the names of the teammates each listed. */
  readonly positions: string[][] = [];
  /** When each connection the server ended, ended (ms since the epoch). */
  readonly ends: number[] = [];
  /** How many connections were opened. */
  connections = 0;
  private client: SseClient | undefined;
  private stopped = false;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: Api,
    private readonly hash: string,
    /** Whether to reopen the stream when the server ends it. */
    private readonly reopen = true,
  ) {}

  /** The last logged id received. */
  get lastId(): number {
    return this.events.at(-1)?.id ?? 0;
  }

  /** Whether the phone holds an open stream now. */
  get open(): boolean {
    return this.client !== undefined && !this.client.isEnded;
  }

  /** Opens the stream and resolves once its opening status has arrived. */
  async start(): Promise<void> {
    const client = await this.connect();
    const first = await client.next();
    if (first.event !== "playerstatus") throw new Error(`opened with ${first.event}`);
    this.reading = this.read(client);
  }

  /** Closes the stream; the phone opens no other. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.client?.close();
    await this.reading;
  }

  private async connect(): Promise<SseClient> {
    this.connections++;
    const client = await this.api.events(this.hash, this.lastId || undefined);
    // Stopped while connecting: this one is closed at once, and its reading ends.
    if (this.stopped) client.close();
    this.client = client;
    return client;
  }

  /** Takes the events of `first` until it ends, then reopens (bounded) unless stopped. */
  private async read(first: SseClient): Promise<void> {
    let client: SseClient | undefined = first;
    while (!this.stopped) {
      if (client) {
        await this.drain(client);
        if (this.stopped) return;
        this.ends.push(Date.now());
        if (!this.reopen) return;
      }
      await new Promise((resolve) => setTimeout(resolve, REOPEN_MS));
      if (this.stopped || this.connections >= MAX_CONNECTIONS) return;
      // The server away, or refusing for now: the next pass tries again.
      client = await this.connect().catch(() => undefined);
    }
  }

  private async drain(client: SseClient): Promise<void> {
    for (;;) {
      let message;
      try {
        message = await client.next(10_000);
      } catch {
        // Ended, or quiet for a while: only an end (or the phone's stop) lets go of it.
        if (client.isEnded || this.stopped) return;
        continue;
      }
      this.take(message.id, message.event, message.data);
    }
  }

  private take(rawId: string | undefined, event: string, data: string): void {
    if (event === "news") {
      for (const item of serverEventSchemas.news.parse(JSON.parse(data)).News) {
        this.newsIds.add(item.ID);
      }
      return;
    }
    if (event === "teampositions") {
      const { Members } = serverEventSchemas.teampositions.parse(JSON.parse(data));
      this.positions.push(Members.map((member) => member.Name));
      return;
    }
    if (rawId === undefined) return;
    const id = Number(rawId);
    // Ids may skip: an opening backlog leaves out the older logged playerstatus snapshots.
    if (id <= this.lastId) this.faults.push(`id ${id} after ${this.lastId}`);
    this.events.push({ id, event, data });
  }
}
