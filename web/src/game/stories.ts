import type { PlayerStatus, PublicContent, StoryContent } from "@wegmarke/protocol";

/** Spec 9: the card flip before an unseen story opens. */
const storyOpeningDelayMs = 1000;

/** A story the player can open: its texts and its state from the player status. */
export type StoryEntry = { id: number; story: StoryContent; live: boolean; done: boolean };

/** The player's count of stations with points: what unlocks stories. */
export function stationsWithPoints(status: PlayerStatus | null): number {
  if (status === null) return 0;
  return Object.values(status.Stations).filter((station) => station.Points > 0).length;
}

/** Finished stories: what the crest on the points page is keyed by. */
export function finishedStories(status: PlayerStatus | null): number {
  if (status === null) return 0;
  return Object.values(status.Stories).filter((story) => story.Done).length;
}

/**
 * The story list: stories whose required points are at most the player's count of stations
 * with points, live ones only, by required points and then id. A story the player status
 * does not name yet counts as live and not done.
 */
export function availableStories(
  content: PublicContent | null,
  status: PlayerStatus | null,
): StoryEntry[] {
  if (content?.stories === undefined || status === null) return [];
  const unlocked = stationsWithPoints(status);
  return Object.entries(content.stories)
    .map(([key, story]) => {
      const id = Number(key);
      const known = status.Stories[key];
      return { id, story, live: known?.Live ?? true, done: known?.Done ?? false };
    })
    .filter(({ story, live }) => live && story.requiredPoints <= unlocked)
    .sort((a, b) => a.story.requiredPoints - b.story.requiredPoints || a.id - b.id);
}

/**
 * Listed stories the player has not opened yet: the footer's count, home's "new story", a
 * card's "new". One the server counts as opened (done) is never new, whatever this device saw.
 */
export function unseenStories(stories: StoryEntry[], seen: readonly number[]): StoryEntry[] {
  return stories.filter((story) => isUnseenStory(story, seen));
}

export function isUnseenStory(story: StoryEntry, seen: readonly number[]): boolean {
  return !story.done && !seen.includes(story.id);
}

/** Spec 4: stories activate on open when live and not done. */
export function activatesOnOpen(story: StoryEntry): boolean {
  return story.live && !story.done;
}

/** Spec 2: opening an unseen story flips its card and waits before navigating. */
export function storyOpeningDelay(storyId: number, seen: readonly number[]): number {
  return seen.includes(storyId) ? 0 : storyOpeningDelayMs;
}

/** How many more stations with points unlock the next story; null when none is left locked. */
export function stationsToNextStory(
  content: PublicContent | null,
  status: PlayerStatus | null,
): number | null {
  const have = stationsWithPoints(status);
  const locked = Object.values(content?.stories ?? {})
    .map((story) => story.requiredPoints)
    .filter((required) => required > have);
  return locked.length === 0 ? null : Math.min(...locked) - have;
}
