import { z } from "zod";
import type { ReadMarksValue } from "@wegmarke/protocol";
import type { PlayState, StationLocal } from "./play-state";

/**
 * What the player has read and seen, in a form two tabs of the app (or two windows) can merge:
 * per station the id up to which every message has been read, and the seen marks of news,
 * stories and points. Each only grows, so merging takes the larger, and what one tab read counts
 * as read in the other. Marks of another stream (another team) are not mixed in: `member` is
 * the stream's member key, null for a player alone.
 */
export const readMarksSchema = z.object({
  member: z.string().nullable(),
  /** Keyed by station id: every message of the station up to this event id has been read. */
  stations: z.record(z.string(), z.number()),
  news: z.number().nullable(),
  operatorNews: z.number().nullable(),
  stories: z.array(z.number()),
  points: z.number(),
});
export type ReadMarks = z.infer<typeof readMarksSchema>;

/** The id up to which every delivered message of the station is read; 0 for none. */
function readUpTo(station: StationLocal): number {
  let upTo = 0;
  for (const message of station.messages) {
    // A message without an event id has a local one of this tab only.
    if (message.id <= 0) continue;
    if (message.unread) break;
    upTo = Math.max(upTo, message.id);
  }
  return upTo;
}

export function readMarksOf(state: PlayState): ReadMarks {
  const stations: Record<string, number> = {};
  for (const [id, station] of Object.entries(state.stations)) {
    const upTo = readUpTo(station);
    if (upTo > 0) stations[id] = upTo;
  }
  const { news, operatorNews, stories, points } = state.seen;
  return {
    member: state.member,
    stations,
    news,
    operatorNews,
    stories: [...stories].sort((a, b) => a - b),
    points,
  };
}

const higher = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** Both tabs' marks of one stream together: the larger of each. */
export function mergeReadMarks(a: ReadMarks, b: ReadMarks): ReadMarks {
  const stations = { ...a.stations };
  for (const [id, upTo] of Object.entries(b.stations)) {
    stations[id] = Math.max(stations[id] ?? 0, upTo);
  }
  return {
    member: a.member,
    stations,
    news: higher(a.news, b.news),
    operatorNews: higher(a.operatorNews, b.operatorNews),
    stories: [...new Set([...a.stories, ...b.stories])].sort((x, y) => x - y),
    points: Math.max(a.points, b.points),
  };
}

/** The marks as the account keeps them (`player/read`): the stream's, without the member. */
export function accountMarksOf(marks: ReadMarks): ReadMarksValue {
  return {
    Stations: marks.stations,
    News: marks.news,
    OperatorNews: marks.operatorNews,
    Stories: marks.stories,
    Points: marks.points,
  };
}

/** The account's marks of the stream the player (member `member`) plays on now. */
export function readMarksOfAccount(value: ReadMarksValue, member: string | null): ReadMarks {
  return {
    member,
    stations: value.Stations,
    news: value.News,
    operatorNews: value.OperatorNews,
    stories: value.Stories,
    points: value.Points,
  };
}

export function sameReadMarks(a: ReadMarks, b: ReadMarks): boolean {
  const sorted = (marks: ReadMarks) => ({
    ...marks,
    stations: Object.fromEntries(
      Object.entries(marks.stations).sort(([x], [y]) => x.localeCompare(y)),
    ),
  });
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

/** Marks a station's messages up to `upTo` read, delivered and still queued; unchanged if none. */
function readStation(station: StationLocal, upTo: number): StationLocal {
  const isNewlyRead = (message: { id: number; unread: boolean }) =>
    message.unread && message.id > 0 && message.id <= upTo;
  if (!station.messages.some(isNewlyRead) && !station.queue.some((q) => isNewlyRead(q.message))) {
    return station;
  }
  return {
    ...station,
    messages: station.messages.map((m) => (isNewlyRead(m) ? { ...m, unread: false } : m)),
    queue: station.queue.map((q) =>
      isNewlyRead(q.message) ? { ...q, message: { ...q.message, unread: false } } : q,
    ),
  };
}

/** What another tab read and saw, taken into this tab's state; the same state when nothing new. */
export function applyReadMarks(state: PlayState, marks: ReadMarks): PlayState {
  if (marks.member !== state.member) return state;
  let stations = state.stations;
  for (const [id, upTo] of Object.entries(marks.stations)) {
    const station = stations[id];
    if (station === undefined) continue;
    const read = readStation(station, upTo);
    if (read !== station) stations = { ...stations, [id]: read };
  }
  const { seen } = state;
  const merged = {
    ...seen,
    news: higher(seen.news, marks.news),
    operatorNews: higher(seen.operatorNews, marks.operatorNews),
    stories: [...seen.stories, ...marks.stories.filter((id) => !seen.stories.includes(id))],
    points: Math.max(seen.points, marks.points),
  };
  const seenChanged =
    merged.news !== seen.news ||
    merged.operatorNews !== seen.operatorNews ||
    merged.stories.length !== seen.stories.length ||
    merged.points !== seen.points;
  if (stations === state.stations && !seenChanged) return state;
  return { ...state, stations, seen: seenChanged ? merged : seen };
}
