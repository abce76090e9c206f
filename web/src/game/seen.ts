import { z } from "zod";

/**
 * What the player has seen on this device, for the markers: the header bell (news), the
 * footer's unseen stories and home's "new points" link.
 */
export const seenSchema = z.object({
  /** The highest recommendation message id that home has shown. */
  news: z.number().nullable(),
  /** The highest id of the operators' news that home has shown; absent in older caches. */
  operatorNews: z.number().nullable().default(null),
  /** The nearby station home showed last: a different one sets the bell again. */
  nearby: z.number().nullable(),
  /**
   * The station home showed last as arrived at (a `near` one the player stands at): arriving
   * at it sets the bell even when it was the nearby one before. Absent in older caches.
   */
  arrived: z.number().nullable().default(null),
  /** Stories opened on this device. */
  stories: z.array(z.number()),
  /** The total points when the points page was seen last. */
  points: z.number(),
});
export type Seen = z.infer<typeof seenSchema>;

export const nothingSeen: Seen = {
  news: null,
  operatorNews: null,
  nearby: null,
  arrived: null,
  stories: [],
  points: 0,
};

export type SeenMark =
  | {
      kind: "news";
      upTo: number | null;
      operatorUpTo: number | null;
      nearby: number | null;
      arrived: number | null;
    }
  | { kind: "story"; storyId: number }
  | { kind: "points"; points: number };

export function markSeen(seen: Seen, mark: SeenMark): Seen {
  switch (mark.kind) {
    case "news": {
      const news = highest(seen.news, mark.upTo);
      const operatorNews = highest(seen.operatorNews, mark.operatorUpTo);
      if (
        news === seen.news &&
        operatorNews === seen.operatorNews &&
        mark.nearby === seen.nearby &&
        mark.arrived === seen.arrived
      ) {
        return seen;
      }
      return { ...seen, news, operatorNews, nearby: mark.nearby, arrived: mark.arrived };
    }
    case "story":
      if (seen.stories.includes(mark.storyId)) return seen;
      return { ...seen, stories: [...seen.stories, mark.storyId] };
    case "points":
      return mark.points === seen.points ? seen : { ...seen, points: mark.points };
  }
}

function highest(seen: number | null, shown: number | null): number | null {
  return shown === null ? seen : Math.max(seen ?? shown, shown);
}
