import type {
  ConsoleEventMap,
  OpsActivity,
  OpsInboxSummary,
  OpsNews,
  OpsOverview,
  OpsSubmissionsSummary,
  OpsTeamPositions,
} from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { indexById } from "../content/model";
import type { GameActivity, SignalBus } from "../events/bus";
import { consoleEvent, sharedChunk, sseKeepAlive, sseRetry } from "../events/sse";
import type { SharedChunk, SseText } from "../events/sse";
import { MAX_BUFFERED_BYTES } from "../events/stream-hub";
import type { SseSink } from "../events/stream-hub";
import type { SharedPositions } from "../teams/team-positions";

export type OpsLiveDeps = {
  pack: ContentPack;
  overview: () => Promise<OpsOverview>;
  news: () => Promise<OpsNews[]>;
  /** What happened lately, newest first: a console's feed opens with it. */
  recent: () => Promise<GameActivity[]>;
  /** The teams' shared positions now (kept in memory by every instance). */
  teams: () => SharedPositions[];
  /** The hosts' queue of missions' submissions. */
  submissions: () => Promise<OpsSubmissionsSummary>;
  /** The figures of the inbox of messages to the organisers. */
  inbox: () => Promise<OpsInboxSummary>;
  /** The display name of a participant's stream (a player's or a team's). */
  name: (stream: string) => Promise<string>;
  onError: (error: unknown) => void;
  /** How often the overview is read again while a console is open. */
  refreshMs?: number;
  /** The teams' positions go out this often at most. */
  teamsMs?: number;
};

const REFRESH_MS = 3_000;
/** A console stream quiet this long gets a comment line, so proxies keep it open. */
const KEEP_ALIVE_MS = 25_000;
/** Names are looked up once per participant; the cache starts over past this size. */
const NAME_CACHE_SIZE = 10_000;
/** Shared positions change every few seconds per member: consoles get them once a second. */
const TEAMS_MS = 1_000;
/** Messages to the organisers come in bursts at a rally's start: consoles get them this often at most. */
const INBOX_MS = 100;

/**
 * The consoles' event stream (`GET /api/ops/live`): the overview at once and again whenever its
 * figures change (read every few seconds, only while a console is open), the last hour's
 * activity at once and what players do as it happens (from every instance, over the bus), the
 * news list when it changes, and the teams' shared positions. A console that lets 256 KB pile
 * up unsent has stopped reading and is dropped, as a player's stream is; its browser reconnects.
 */
export class OpsLive {
  private readonly sinks = new Set<SseSink>();
  private timer: NodeJS.Timeout | undefined;
  private lastFigures = "";
  private lastWrite = 0;
  private readonly names = new Map<string, Promise<string>>();
  private teamsTimer: NodeJS.Timeout | undefined;
  private teamsSent = 0;
  private inboxTimer: NodeJS.Timeout | undefined;
  private inboxSent = 0;

  constructor(private readonly deps: OpsLiveDeps) {}

  get size(): number {
    return this.sinks.size;
  }

  /** What players do and news sent on any instance reach the consoles open on this one. */
  subscribeSignals(bus: SignalBus): void {
    bus.on("activity", (activity) => this.activity(activity));
    bus.on("news", () => this.newsChanged());
    bus.on("submissions", () => this.submissionsChanged());
    bus.on("organisers", () => this.inboxChanged());
    bus.on("inbox", () => this.inboxChanged());
    bus.onMissed(() => {
      this.newsChanged();
      this.submissionsChanged();
      this.inboxChanged();
    });
  }

  /** Opens a console's stream; returns the function that closes it. */
  connect(sink: SseSink): () => void {
    this.sinks.add(sink);
    sink.write(sseRetry());
    void this.first(sink);
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.deps.refreshMs ?? REFRESH_MS);
      this.timer.unref();
    }
    return () => this.remove(sink);
  }

  /** A participant did something: every open console hears of it with names and titles. */
  private activity(activity: GameActivity): void {
    if (this.sinks.size === 0) return;
    void this.describe(activity).then(
      (event) => this.broadcast("activity", event),
      this.deps.onError,
    );
  }

  /** The news changed: consoles get the whole list. */
  private newsChanged(): void {
    if (this.sinks.size === 0) return;
    void this.deps.news().then((news) => this.broadcast("news", { news }), this.deps.onError);
  }

  /** A submission waits for a host or was judged: consoles get the queue's figures. */
  private submissionsChanged(): void {
    if (this.sinks.size === 0) return;
    void this.deps
      .submissions()
      .then((summary) => this.broadcast("submissions", summary), this.deps.onError);
  }

  /**
   * A message to or from the organisers, or hosts read a conversation: consoles get the inbox's
   * figures, at once unless they got them less than INBOX_MS ago.
   */
  private inboxChanged(): void {
    if (this.sinks.size === 0 || this.inboxTimer) return;
    const wait = Math.max(0, this.inboxSent + INBOX_MS - Date.now());
    this.inboxTimer = setTimeout(() => {
      this.inboxTimer = undefined;
      this.inboxSent = Date.now();
      void this.deps.inbox().then((inbox) => this.broadcast("inbox", inbox), this.deps.onError);
    }, wait).unref();
  }

  /** A team's shared positions changed: consoles get every team's, once a second at most. */
  teamsChanged(): void {
    if (this.sinks.size === 0 || this.teamsTimer) return;
    const wait = Math.max(0, this.teamsSent + (this.deps.teamsMs ?? TEAMS_MS) - Date.now());
    this.teamsTimer = setTimeout(() => {
      this.teamsTimer = undefined;
      this.teamsSent = Date.now();
      void this.teams().then((teams) => this.broadcast("teams", teams), this.deps.onError);
    }, wait).unref();
  }

  closeAll(): void {
    for (const sink of [...this.sinks]) {
      sink.end();
      this.remove(sink);
    }
  }

  private async first(sink: SseSink): Promise<void> {
    try {
      const [overview, news, recent, teams, submissions, inbox] = await Promise.all([
        this.deps.overview(),
        this.deps.news(),
        this.deps.recent().then((list) => Promise.all(list.map((a) => this.describe(a)))),
        this.teams(),
        this.deps.submissions(),
        this.deps.inbox(),
      ]);
      if (!this.sinks.has(sink)) return;
      this.put(sink, consoleEvent("news", { news }));
      this.put(sink, consoleEvent("submissions", submissions));
      this.put(sink, consoleEvent("inbox", inbox));
      this.put(sink, consoleEvent("recent", { activity: recent }));
      this.put(sink, consoleEvent("teams", teams));
      const figures = figuresOf(overview);
      // Newer figures go to every console, so that all show the same.
      if (figures === this.lastFigures) this.put(sink, consoleEvent("overview", overview));
      else {
        this.lastFigures = figures;
        this.broadcast("overview", overview);
      }
    } catch (error) {
      this.deps.onError(error);
      sink.end();
      this.remove(sink);
    }
  }

  /** Reads the overview; sends it when its figures (not only its time) changed. */
  private async refresh(): Promise<void> {
    if (this.sinks.size === 0) return;
    try {
      const overview = await this.deps.overview();
      const figures = figuresOf(overview);
      if (figures !== this.lastFigures) {
        this.lastFigures = figures;
        this.broadcast("overview", overview);
      } else if (Date.now() - this.lastWrite > KEEP_ALIVE_MS) {
        this.write(sseKeepAlive);
      }
    } catch (error) {
      this.deps.onError(error);
    }
  }

  private async describe(activity: GameActivity): Promise<OpsActivity> {
    const at = new Date(activity.at).toISOString();
    const who = await this.nameOf(activity.stream);
    if (activity.kind === "story") {
      const story = indexById(this.deps.pack.stories ?? []).get(activity.id);
      return { at, kind: "story", who, title: story?.headline.de ?? `#${activity.id}` };
    }
    const station = indexById(this.deps.pack.stations).get(activity.id);
    return {
      at,
      kind: activity.kind,
      who,
      stationId: activity.id,
      title: station?.texts.de.title ?? `#${activity.id}`,
      ...(activity.kind === "done" && {
        points: activity.points,
        maxPoints: station?.points ?? activity.points,
      }),
    };
  }

  private async teams(): Promise<OpsTeamPositions> {
    const teams: OpsTeamPositions["teams"] = await Promise.all(
      this.deps.teams().map(async ({ stream, members }) => ({
        id: Number(stream.slice(stream.indexOf(":") + 1)),
        name: await this.nameOf(stream),
        members,
      })),
    );
    return { teams };
  }

  private nameOf(stream: string): Promise<string> {
    const known = this.names.get(stream);
    if (known !== undefined) return known;
    if (this.names.size >= NAME_CACHE_SIZE) this.names.clear();
    const name = this.deps.name(stream);
    this.names.set(stream, name);
    // A failed lookup is tried again next time.
    name.catch(() => this.names.delete(stream));
    return name;
  }

  /** Writes an event to every open console, encoded once. */
  private broadcast<E extends keyof ConsoleEventMap>(event: E, payload: ConsoleEventMap[E]): void {
    this.write(sharedChunk(consoleEvent(event, payload)));
  }

  private write(chunk: SseText | SharedChunk): void {
    this.lastWrite = Date.now();
    for (const sink of this.sinks) this.put(sink, chunk);
  }

  /** Writes to one console, unless it stopped reading: then it is dropped. */
  private put(sink: SseSink, chunk: SseText | SharedChunk): void {
    if (sink.buffered() > MAX_BUFFERED_BYTES) {
      sink.abort();
      this.remove(sink);
      return;
    }
    sink.write(chunk);
  }

  private remove(sink: SseSink): void {
    this.sinks.delete(sink);
    if (this.sinks.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.teamsTimer);
    this.teamsTimer = undefined;
    clearTimeout(this.inboxTimer);
    this.inboxTimer = undefined;
    this.lastFigures = "";
  }
}

/** The overview without its time: what decides whether consoles need it again. */
function figuresOf(overview: OpsOverview): string {
  return JSON.stringify({ ...overview, at: "" });
}
