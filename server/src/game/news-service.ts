import { OpsReason } from "@wegmarke/protocol";
import type { NewsItem, OpsNews, OpsNewsRequest, ServerEventMap } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { SignalBus } from "../events/bus";
import { NO_TEXT, serverEvent } from "../events/sse";
import type { SseText } from "../events/sse";
import type { StreamHub } from "../events/stream-hub";
import type { NewsRow } from "../store/news-repository";
import type { Repositories, StoreOf } from "../store/store";

/** The newest news players get; older ones stay in the console's list. */
export const PLAYER_NEWS_LIMIT = 20;

type NewsEvent = ServerEventMap["news"];

/** The players' list, read once per change, and its `news` event as an opening stream gets it. */
type PlayerNews = { items: NewsItem[]; whole: SseText };

export type NewsServiceDeps = {
  store: StoreOf<Pick<Repositories, "news">>;
  pack: ContentPack;
  clock: Clock;
  /** Tells every instance of a change, once it is committed. */
  bus: SignalBus;
  /** This instance's open streams. */
  streams: Pick<StreamHub, "broadcast">;
  onError: (error: unknown, message: string) => void;
  /** A new item, once committed: to the devices that take it (push/push-service.ts). */
  pushed?: (row: NewsRow) => Promise<unknown>;
};

/**
 * The news operators send to every player, as the `news` event without an id, so a player
 * offline at the time finds them on their next visit. An opening stream gets the items newer
 * than the newest one its app holds (`newsafter`) and the ids of the older ones to keep (the
 * whole list for an app that holds none, nothing when there is none); a change reaches the open
 * streams as the items new to the list and the ids to keep. So a reconnecting app gets a few
 * bytes, not up to 20 items of 3,000 characters each (docs/performance.md).
 */
export class NewsService {
  /** The current list for opening streams, until the list changes. */
  private current: Promise<PlayerNews> | undefined;
  /** What every open stream of this instance holds of the current list (none read yet: unknown). */
  private known: NewsItem[] | undefined;
  /** Changes are read and sent one after the other, each against the list before it. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NewsServiceDeps) {}

  /**
   * A change on any instance, this one included, reaches this instance's open streams as what
   * changed in the list; after signals may have been lost, the list is read anew (the streams
   * reopen and get it then).
   */
  subscribeSignals(bus: SignalBus): void {
    bus.on("news", () => {
      this.changed().then(
        (event) => this.deps.streams.broadcast("news", event),
        (error: unknown) => this.deps.onError(error, "news not sent"),
      );
    });
    bus.onMissed(() => {
      this.changed().catch((error: unknown) => this.deps.onError(error, "news not read"));
    });
  }

  async send(request: OpsNewsRequest, operator: string | null): Promise<OpsNews> {
    const { stationId } = request;
    if (stationId !== undefined && !this.deps.pack.stations.some((s) => s.id === stationId)) {
      throw new ServiceError(400, OpsReason.stationNotFound);
    }
    const row = await this.deps.store.repos.news.insert({
      createdAt: this.deps.clock.now().toISOString(),
      text: JSON.stringify(request.text),
      stationId: stationId ?? null,
      operator,
      withdrawnAt: null,
      urgent: request.urgent === true ? 1 : 0,
    });
    this.deps.bus.broadcast("news", {});
    // The call answers at once; the pushes go on meanwhile (10,000 devices take seconds).
    this.deps.pushed?.(row).catch((error: unknown) => this.deps.onError(error, "news not pushed"));
    return opsNewsOf(row);
  }

  async list(): Promise<OpsNews[]> {
    return (await this.deps.store.repos.news.list()).map(opsNewsOf);
  }

  async withdraw(id: number): Promise<OpsNews> {
    const at = this.deps.clock.now().toISOString();
    const row = await this.deps.store.repos.news.withdraw(id, at);
    if (!row) throw new ServiceError(404, OpsReason.newsNotFound);
    this.deps.bus.broadcast("news", {});
    return opsNewsOf(row);
  }

  /**
   * What an opening stream gets after its backlog: "" when there are no news and the app holds
   * none; `after` is the highest id the app holds (undefined: none).
   */
  async openingEvent(after: number | undefined): Promise<SseText> {
    const news = await this.currentNews();
    this.known ??= news.items;
    if (after === undefined || after === 0) return news.whole;
    return serverEvent(
      "news",
      newsChange(news.items, (item) => item.ID <= after),
    );
  }

  /**
   * The list changed (on any instance): the event for this instance's open streams, made
   * after the changes heard before it, from the list as it is now.
   */
  private changed(): Promise<NewsEvent> {
    this.current = undefined;
    const event = this.changes.then(async () => {
      const { items } = await this.currentNews();
      const before = this.known;
      this.known = items;
      if (before === undefined) return { News: items };
      const held = new Set(before.map((item) => item.ID));
      return newsChange(items, (item) => held.has(item.ID));
    });
    this.changes = event.catch(() => undefined);
    return event;
  }

  /** The current list, read once per change on each instance. */
  private currentNews(): Promise<PlayerNews> {
    if (!this.current) {
      const read = this.readCurrent();
      this.current = read;
      // A failed read is tried again by the next caller.
      read.catch(() => {
        if (this.current === read) this.current = undefined;
      });
    }
    return this.current;
  }

  private async readCurrent(): Promise<PlayerNews> {
    const rows = await this.deps.store.repos.news.current(PLAYER_NEWS_LIMIT);
    const items = rows.map(newsItemOf);
    // Encoded once per change: every app that holds no news yet opens with the whole list.
    return { items, whole: items.length === 0 ? NO_TEXT : serverEvent("news", { News: items }) };
  }
}

/** The `news` event as a change: the items the app lacks, and the ids of those it keeps. */
function newsChange(items: NewsItem[], held: (item: NewsItem) => boolean): NewsEvent {
  return {
    News: items.filter((item) => !held(item)),
    Keep: items.filter(held).map((item) => item.ID),
  };
}

function textOf(row: NewsRow): Record<string, string> {
  return JSON.parse(row.text) as Record<string, string>;
}

function newsItemOf(row: NewsRow): NewsItem {
  return {
    ID: row.id,
    Text: textOf(row),
    ...(row.stationId !== null && { StationID: row.stationId }),
    ...(row.urgent === 1 && { Urgent: true as const }),
    Timestamp: row.createdAt,
  };
}

function opsNewsOf(row: NewsRow): OpsNews {
  return {
    id: row.id,
    at: row.createdAt,
    text: textOf(row),
    stationId: row.stationId,
    operator: row.operator,
    withdrawnAt: row.withdrawnAt,
    urgent: row.urgent === 1,
  };
}
