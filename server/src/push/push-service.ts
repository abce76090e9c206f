import { ErrorReason } from "@wegmarke/protocol";
import type { Language, PushPayload, PushSubscribeRequest } from "@wegmarke/protocol";
import type { Player } from "../accounts/account-service";
import type { Clock } from "../clock";
import { indexById, localize } from "../content/model";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { teamStream } from "../participants/participant";
import type { NewsRow } from "../store/news-repository";
import type { PushRepository, PushTarget } from "../store/push-repository";
import type { PushOptions, PushOutcome } from "./push-transport";
import type { Payloads, PushTransport } from "./push-transport";

/** Pushes one player gets in a minute at most, urgent news aside (issue 28: "a handful"). */
export const PUSHES_PER_MINUTE = 5;

/** Subscriptions read at a time while news go to every device. */
const PAGE = 500;

/** How long a push service keeps a message for a phone that is off. */
const NEWS_TTL = 6 * 3600;

/** A character's line that reached a stream later: a delayed message or a reminder. */
export type LaterLine = { stationId: number; from: string; text: string; reminder: boolean };

/** How long a push service keeps a character's line for a phone that is off. */
const LINE_TTL = 3600;

/** The push when a teammate joins (`{name}`: theirs as the team sees it). */
const JOINED = {
  de: "{name} ist jetzt in deinem Team.",
  "de-formal": "{name} ist jetzt in Ihrem Team.",
  en: "{name} joined your team.",
};

/** Who an answer of the organisers comes from, as the notification's title. */
const ORGANISERS = { de: "Spielleitung", "de-formal": "Spielleitung", en: "Organisers" };

export type PushServiceDeps = {
  repo: PushRepository;
  /** The subscriptions a player keeps; a new one beyond replaces the oldest. */
  subscriptionsPerPlayer: number;
  /** The players of a stream (`player:<id>`, or a team's members). */
  playersOf?: (stream: string) => Promise<number[]>;
  /** Players with an event stream open on any instance: the app is on their screen. */
  online?: () => ReadonlySet<number>;
  sender: PushTransport;
  pack: ContentPack;
  clock: Clock;
  log: (fields: Record<string, unknown>, message: string) => void;
};

/** What one broadcast did. */
export type PushTally = { devices: number } & Record<PushOutcome, number>;

/**
 * The players' devices that take Web Push (decisions/040): their subscriptions, and what is
 * pushed to them. A subscription belongs to the session that made it: signing out or deleting
 * the account ends it, and so does the push service's 404 or 410. A player keeps at most
 * `subscriptionsPerPlayer`, so a news item reaches one player that often at most.
 */
export class PushService {
  /** Per player, the times of the pushes of the last minute. */
  private readonly recent = new Map<number, number[]>();
  private counted = 0;

  constructor(private readonly deps: PushServiceDeps) {}

  /**
   * This device takes pushes: a new subscription replaces the player's oldest beyond
   * `subscriptionsPerPlayer`; another session's endpoint is taken over only with the keys
   * stored with it (409 otherwise, and it stays theirs).
   */
  async subscribe(player: Player, request: PushSubscribeRequest): Promise<void> {
    if (!this.deps.sender.accepts(request.endpoint)) {
      throw new ServiceError(400, ErrorReason.pushServiceUnknown);
    }
    const saved = await this.deps.repo.save({
      endpoint: request.endpoint,
      tokenHash: player.session,
      playerId: player.id,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      news: request.news ? 1 : 0,
      createdAt: this.deps.clock.now().toISOString(),
    });
    if (!saved) throw new ServiceError(409, ErrorReason.pushEndpointTaken);
    await this.deps.repo.keepNewest(player.id, this.deps.subscriptionsPerPlayer);
  }

  /** Ends this device's subscription (one of another session is left alone). */
  async unsubscribe(player: Player, endpoint: string): Promise<void> {
    await this.deps.repo.delete(endpoint, player.session);
  }

  /** Whether this session's device takes pushes, and ordinary news among them. */
  async settings(player: Player): Promise<{ subscribed: boolean; news: boolean }> {
    const rows = await this.deps.repo.ofSession(player.session);
    return { subscribed: rows.length > 0, news: rows.some((row) => row.news === 1) };
  }

  /**
   * A news item to every subscribed device when urgent, else to those that take ordinary news;
   * each in its player's language, a tap opening the station it links to or the home screen.
   */
  async news(row: NewsRow): Promise<PushTally> {
    const urgent = row.urgent === 1;
    const text = JSON.parse(row.text) as { de: string } & Partial<Record<Language, string>>;
    const station =
      row.stationId === null ? undefined : indexById(this.deps.pack.stations).get(row.stationId);
    const url = station ? `/${station.view}/${station.id}` : "/";
    const payloadFor = (language: Language): PushPayload => ({
      kind: "news",
      title: localize(this.deps.pack.title, language),
      body: localize(text, language),
      tag: `news-${row.id}`,
      url,
      ...(urgent && { urgent: true }),
    });
    const options: PushOptions = {
      ttl: NEWS_TTL,
      urgency: urgent ? "high" : "normal",
      topic: `news-${row.id}`,
    };
    const tally: PushTally = { devices: 0, sent: 0, gone: 0, failed: 0, refused: 0 };
    const started = this.deps.clock.now().getTime();
    let after = "";
    for (;;) {
      const page = await this.deps.repo.page(after, PAGE, !urgent);
      if (page.length === 0) break;
      after = page[page.length - 1]?.endpoint ?? after;
      const allowed = urgent ? page : page.filter((target) => this.allow(target.playerId));
      for (const target of allowed) this.count(target.playerId);
      const outcomes = await this.deps.sender.sendMany(
        allowed,
        payloadsOf(allowed, payloadFor),
        options,
      );
      tally.refused += page.length - allowed.length;
      tally.devices += page.length;
      for (const outcome of outcomes) tally[outcome]++;
    }
    this.deps.log(
      { news: row.id, urgent, ...tally, ms: this.deps.clock.now().getTime() - started },
      "news pushed",
    );
    return tally;
  }

  /**
   * A stream's lines that came later, to the phones of its players whose app is not open: one
   * push per station (its last line; a newer one replaces it, at the push service too).
   */
  async lines(stream: string, lines: LaterLine[]): Promise<void> {
    const { playersOf, online } = this.deps;
    if (!playersOf) return;
    const open = online?.() ?? new Set<number>();
    const away = (await playersOf(stream)).filter((id) => !open.has(id));
    if (away.length === 0) return;
    const last = new Map(lines.map((line) => [line.stationId, line]));
    for (const line of last.values()) {
      const station = indexById(this.deps.pack.stations).get(line.stationId);
      const payload: PushPayload = {
        kind: line.reminder ? "reminder" : "message",
        title: line.from,
        body: line.text,
        tag: `station-${line.stationId}`,
        url: station ? `/${station.view}/${station.id}` : "/",
      };
      const topic = `station-${line.stationId}`;
      await this.toPlayers(away, () => payload, { ttl: LINE_TTL, urgency: "high", topic });
    }
  }

  /**
   * A host's answer to a participant's players whose app is not open: one notification, which
   * a newer answer replaces, opening the conversation.
   */
  async organisers(stream: string, text: string): Promise<void> {
    const { playersOf, online } = this.deps;
    if (!playersOf) return;
    const open = online?.() ?? new Set<number>();
    const away = (await playersOf(stream)).filter((id) => !open.has(id));
    if (away.length === 0) return;
    await this.toPlayers(
      away,
      (language) => ({
        kind: "message",
        title: localize(ORGANISERS, language),
        body: text,
        tag: "organisers",
        url: "/organisers",
      }),
      { ttl: LINE_TTL, urgency: "high", topic: "organisers" },
    );
  }

  /** A player joined a team: its other members whose app is closed hear of it, by name. */
  async joined(teamId: number, playerId: number, name: string): Promise<void> {
    const { playersOf, online } = this.deps;
    if (!playersOf) return;
    const open = online?.() ?? new Set<number>();
    const others = (await playersOf(teamStream(teamId))).filter(
      (id) => id !== playerId && !open.has(id),
    );
    await this.toPlayers(
      others,
      (language) => ({
        kind: "team",
        title: localize(this.deps.pack.title, language),
        body: localize(JOINED, language).replace("{name}", name),
        tag: "team",
        url: "/team",
      }),
      { ttl: LINE_TTL, urgency: "normal", topic: "team" },
    );
  }

  /** Sends `payload` to every device of `playerIds` within each player's allowance. */
  async toPlayers(
    playerIds: number[],
    payloadFor: (language: Language) => PushPayload,
    options: PushOptions,
  ): Promise<PushOutcome[]> {
    const allowed = playerIds.filter((id) => this.allow(id));
    const targets: PushTarget[] = await this.deps.repo.ofPlayers(allowed);
    for (const id of new Set(targets.map((target) => target.playerId))) this.count(id);
    return this.deps.sender.sendMany(targets, payloadsOf(targets, payloadFor), options);
  }

  /** Ends the sending thread (the server's shutdown). */
  close(): Promise<void> {
    return this.deps.sender.close();
  }

  /** Whether a player may get another push now. */
  private allow(playerId: number): boolean {
    return this.within(playerId).length < PUSHES_PER_MINUTE;
  }

  private count(playerId: number): void {
    const times = this.within(playerId);
    times.push(this.deps.clock.now().getTime());
    this.recent.set(playerId, times);
    // Players pushed to once and never again are forgotten a minute later.
    if (++this.counted % 1000 === 0) for (const id of [...this.recent.keys()]) this.within(id);
  }

  /** The player's pushes of the last minute (older ones forgotten). */
  private within(playerId: number): number[] {
    const since = this.deps.clock.now().getTime() - 60_000;
    const times = (this.recent.get(playerId) ?? []).filter((at) => at > since);
    if (times.length === 0) this.recent.delete(playerId);
    return times;
  }
}

/** The payload in each language of `targets`' players. */
function payloadsOf(
  targets: PushTarget[],
  payloadFor: (language: Language) => PushPayload,
): Payloads {
  const languages = new Set(targets.map((target) => target.language));
  return Object.fromEntries([...languages].map((language) => [language, payloadFor(language)]));
}
