import { z } from "zod";

/**
 * What the player has seen on this device, for the markers: the header bell (news), the
 * footer's unseen stories and home's "new points" link.
 */
export const seenSchema = z.object({
  /** The highest recommendation message id that home has shown. */
  news: z.number().nullable(),
  /** The nearby station home showed last: a different one sets the bell again. */
  nearby: z.number().nullable(),
  /** Stories opened on this device. */
  stories: z.array(z.number()),
  /** The total points when the points page was seen last. */
  points: z.number(),
});
export type Seen = z.infer<typeof seenSchema>;

export const nothingSeen: Seen = { news: null, nearby: null, stories: [], points: 0 };

export type SeenMark =
  | { kind: "news"; upTo: number | null; nearby: number | null }
  | { kind: "story"; storyId: number }
  | { kind: "points"; points: number };

export function markSeen(seen: Seen, mark: SeenMark): Seen {
  switch (mark.kind) {
    case "news": {
      const news = mark.upTo === null ? seen.news : Math.max(seen.news ?? mark.upTo, mark.upTo);
      if (news === seen.news && mark.nearby === seen.nearby) return seen;
      return { ...seen, news, nearby: mark.nearby };
    }
    case "story":
      if (seen.stories.includes(mark.storyId)) return seen;
      return { ...seen, stories: [...seen.stories, mark.storyId] };
    case "points":
      return mark.points === seen.points ? seen : { ...seen, points: mark.points };
  }
}
