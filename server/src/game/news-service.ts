import { OpsReason } from "@wegmarke/protocol";
import type { NewsItem, OpsNews, OpsNewsRequest } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { sseEvent } from "../events/sse";
import type { NewsRow } from "../store/news-repository";
import type { Store } from "../store/store";

/** The newest news players get; older ones stay in the console's list. */
export const PLAYER_NEWS_LIMIT = 20;

/** The players' list: each item with its JSON, encoded once per change. */
type PlayerNews = { id: number; json: string }[];

export type NewsServiceDeps = {
  store: Store;
  pack: ContentPack;
  clock: Clock;
  /** After a change is committed: every instance sends the news to its open streams. */
  onChange: () => void;
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
  private known: PlayerNews | undefined;
  /** Changes are read and sent one after the other, each against the list before it. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NewsServiceDeps) {}

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
    });
    this.deps.onChange();
    return opsNewsOf(row);
  }

  async list(): Promise<OpsNews[]> {
    return (await this.deps.store.repos.news.list()).map(opsNewsOf);
  }

  async withdraw(id: number): Promise<OpsNews> {
    const at = this.deps.clock.now().toISOString();
    const row = await this.deps.store.repos.news.withdraw(id, at);
    if (!row) throw new ServiceError(404, OpsReason.newsNotFound);
    this.deps.onChange();
    return opsNewsOf(row);
  }

  /**
   * What an opening stream gets after its backlog: "" when there are no news and the app holds
   * none; `after` is the highest id the app holds (undefined: none).
   */
  async openingEvent(after: number | undefined): Promise<string> {
    const news = await this.currentNews();
    this.known ??= news;
    if (after === undefined || after === 0) return news.length === 0 ? "" : newsEvent(news);
    return newsEvent(
      news.filter((item) => item.id > after),
      news.filter((item) => item.id <= after),
    );
  }

  /**
   * The list changed (on any instance): the event for this instance's open streams, made
   * after the changes heard before it, from the list as it is now.
   */
  changed(): Promise<string> {
    this.current = undefined;
    const event = this.changes.then(async () => {
      const news = await this.currentNews();
      const before = this.known;
      this.known = news;
      if (before === undefined) return newsEvent(news);
      const held = new Set(before.map((item) => item.id));
      return newsEvent(
        news.filter((item) => !held.has(item.id)),
        news.filter((item) => held.has(item.id)),
      );
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
    return rows.map((row) => ({ id: row.id, json: JSON.stringify(newsItemOf(row)) }));
  }
}

/** The `news` event: the whole list, or (with `keep`) the items new to it and the ids to keep. */
function newsEvent(news: PlayerNews, keep?: PlayerNews): string {
  const items = news.map((item) => item.json).join(",");
  const kept = keep === undefined ? "" : `,"Keep":[${keep.map((item) => item.id).join(",")}]`;
  return sseEvent("news", `{"News":[${items}]${kept}}`);
}

function textOf(row: NewsRow): Record<string, string> {
  return JSON.parse(row.text) as Record<string, string>;
}

function newsItemOf(row: NewsRow): NewsItem {
  return {
    ID: row.id,
    Text: textOf(row),
    ...(row.stationId !== null && { StationID: row.stationId }),
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
  };
}
