import type { Language, NewsItem, PlayerStatus } from "@wegmarke/protocol";
import type { PlayState, Message } from "./play-state";
import type { SeenMark } from "./seen";
import { isPlayed, isVisible } from "./station-flags";

/** Every recommendation (webtext- and webcontent-recommendation) that has arrived. */
function recommendations(state: PlayState): Message[] {
  return Object.values(state.stations)
    .flatMap((station) => station.messages)
    .filter((message) => message.recommendationId !== undefined);
}

/**
 * Home's unseen news: the recommendations that arrived after the newest one home had shown
 * (`seenUpTo`), newest first.
 */
export function unseenNews(state: PlayState, seenUpTo: number | null): Message[] {
  return recommendations(state)
    .filter((message) => seenUpTo === null || message.id > seenUpTo)
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);
}

/** A news item of the history: an operators' one, or a character's recommendation. */
export type AnyNews = { kind: "game"; item: NewsItem } | { kind: "tip"; message: Message };

/**
 * Every news item the player has, whether home has shown it or not (/webapp/news): the
 * operators' news and the recommendations, newest first.
 */
export function allNews(state: PlayState): AnyNews[] {
  const at = (entry: AnyNews) =>
    entry.kind === "game" ? entry.item.Timestamp : entry.message.timestamp;
  return [
    ...state.operatorNews.map((item): AnyNews => ({ kind: "game", item })),
    ...recommendations(state).map((message): AnyNews => ({ kind: "tip", message })),
  ].sort((a, b) => at(b).localeCompare(at(a)));
}

/**
 * The operators' news after a `news` event (newest first): the whole list, or, with `keep`,
 * the items it brings and those of `held` whose ids `keep` names.
 */
export function receivedNews(held: NewsItem[], news: NewsItem[], keep?: number[]): NewsItem[] {
  if (keep === undefined) return news;
  const brought = new Set(news.map((item) => item.ID));
  const kept = new Set(keep);
  const stay = held.filter((item) => kept.has(item.ID) && !brought.has(item.ID));
  return [...news, ...stay].sort((a, b) => b.ID - a.ID);
}

/** The highest id of the operators' news held; null for none. */
export function newestNewsId(news: NewsItem[]): number | null {
  return news.length === 0 ? null : Math.max(...news.map((item) => item.ID));
}

/** The operators' news that arrived after the newest one home had shown, newest first. */
export function unseenOperatorNews(state: PlayState, seenUpTo: number | null): NewsItem[] {
  return state.operatorNews.filter((item) => seenUpTo === null || item.ID > seenUpTo);
}

/** A news item's text in `language`: else German (for de-formal too), else English, else any. */
export function operatorNewsText(item: NewsItem, language: Language): string {
  const { Text: text } = item;
  return text[language] ?? text.de ?? text.en ?? Object.values(text)[0] ?? "";
}

/**
 * The header bell's marker (spec 2): set by a recommendation or an operators' news item that
 * home has not shown yet, by a nearby station other than the one home showed last, or by the
 * arrival at a station that opens near its place (`arrivedStation`).
 */
export function bellMarked(
  state: PlayState,
  nearbyStation: number | null,
  arrivedStation: number | null = null,
): boolean {
  const newNearby = nearbyStation !== null && nearbyStation !== state.seen.nearby;
  const newArrival = arrivedStation !== null && arrivedStation !== state.seen.arrived;
  return (
    unseenNews(state, state.seen.news).length > 0 ||
    unseenOperatorNews(state, state.seen.operatorNews).length > 0 ||
    newNearby ||
    newArrival
  );
}

/**
 * The station a recommendation leads to: the live, visible station whose name is the
 * recommendation's id (`#recommend: kilianskapelle`, so a tip can reveal a secret station),
 * else the station that sent it.
 */
export function recommendedStation(status: PlayerStatus | null, message: Message): number {
  const recommendation = message.recommendationId;
  if (recommendation === undefined || status === null) return message.stationId;
  const name = recommendation.slice(recommendation.indexOf(":") + 1);
  const named = Object.entries(status.Stations).find(
    ([, station]) => station.Name === name && station.Live && isVisible(station),
  );
  return named === undefined ? message.stationId : Number(named[0]);
}

/**
 * What home has shown: the recommendations and the operators' news up to the newest one of
 * each, the nearby station and the one arrived at.
 */
export function newsShown(
  state: PlayState,
  nearbyStation: number | null,
  arrivedStation: number | null = null,
): SeenMark {
  const ids = recommendations(state).map((message) => message.id);
  const operatorIds = state.operatorNews.map((item) => item.ID);
  return {
    kind: "news",
    upTo: ids.length === 0 ? null : Math.max(...ids),
    operatorUpTo: operatorIds.length === 0 ? null : Math.max(...operatorIds),
    nearby: nearbyStation,
    arrived: arrivedStation,
  };
}

/** Home's "reward" link: points were earned since the points page was seen last. */
export function hasNewPoints(state: PlayState): boolean {
  return (state.status?.TotalPoints ?? 0) > state.seen.points;
}

/**
 * Home's fixed text when it has nothing else to show: one of the pack's news texts (or the
 * app's own when the pack has none), picked by `random` in [0, 1).
 */
export function pickFixedText<T>(texts: readonly T[], fallback: readonly T[], random: number): T {
  const pool = texts.length > 0 ? texts : fallback;
  const picked = pool[Math.min(pool.length - 1, Math.floor(random * pool.length))];
  if (picked === undefined) throw new Error("pickFixedText needs at least one fallback text");
  return picked;
}

/** A player without any progress yet: home offers the intro. */
export function isNewPlayer(status: PlayerStatus | null): boolean {
  if (status === null || status.CurrentStation >= 1) return false;
  return !Object.values(status.Stations).some(isPlayed);
}
