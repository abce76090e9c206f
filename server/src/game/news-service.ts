import { OpsReason } from "@wegmarke/protocol";
import type { NewsItem, OpsNews, OpsNewsRequest } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { sseEvent } from "../events/sse";
import type { NewsRow } from "../store/news-repository";
import type { Store } from "../store/store";

/** The `news` event of no news. */
const EMPTY = sseEvent("news", JSON.stringify({ News: [] }));

/** The newest news players get; older ones stay in the console's list. */
export const PLAYER_NEWS_LIMIT = 20;

export type NewsServiceDeps = {
  store: Store;
  pack: ContentPack;
  clock: Clock;
  /** After a change is committed: every instance sends the news to its open streams. */
  onChange: () => void;
};

/**
 * The news operators send to every player. Players get them as one `news` event without an id
 * (the current list): after the opening status of every stream (none while there are no news:
 * the opening status tells the app to forget the list it had), and on every open stream when
 * the list changes, so a player offline at the time finds them on their next visit.
 */
export class NewsService {
  /** The `news` event as written to the streams, until the list changes. */
  private event: Promise<string> | undefined;

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

  /** What an opening stream gets after its backlog: the `news` event, or nothing for none. */
  async openingEvent(): Promise<string> {
    const event = await this.playerEvent();
    return event === EMPTY ? "" : event;
  }

  /** The `news` event of the current list; read once per change on each instance. */
  playerEvent(): Promise<string> {
    if (!this.event) {
      const event = this.readPlayerEvent();
      this.event = event;
      // A failed read is tried again by the next caller.
      event.catch(() => {
        if (this.event === event) this.event = undefined;
      });
    }
    return this.event;
  }

  /** The list changed (on any instance): the next `playerEvent` reads it again. */
  changed(): void {
    this.event = undefined;
  }

  private async readPlayerEvent(): Promise<string> {
    const rows = await this.deps.store.repos.news.current(PLAYER_NEWS_LIMIT);
    const items = rows.map(newsItemOf);
    return sseEvent("news", JSON.stringify({ News: items }));
  }
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
