import { describe, expect, it } from "vitest";
import type { PublicContent, StoryContent } from "@wegmarke/protocol";
import { playerStatus, station } from "../test/fixtures";
import {
  activatesOnOpen,
  availableStories,
  finishedStories,
  stationsToNextStory,
  stationsWithPoints,
  unseenStories,
} from "./stories";

const story = (id: number, requiredPoints: number): StoryContent => ({
  id,
  name: `story-${id}`,
  chapter: `Kapitel ${id}`,
  headline: `Geschichte ${id}`,
  text: "Es war einmal …",
  audioPath: `stories/${id}/story.mp3`,
  requiredPoints,
});

const content: PublicContent = {
  language: "de",
  title: "Märchenhaftes Marburg",
  stations: {},
  stories: { "3": story(3, 2), "1": story(1, 0), "2": story(2, 1), "4": story(4, 1) },
};

const withPoints = (points: number[]) =>
  playerStatus({
    Stations: Object.fromEntries(
      points.map((Points, index) => [String(index + 1), station({ Points })]),
    ),
    Stories: {
      "1": { Name: "story-1", Done: true, Live: true },
      "4": { Name: "story-4", Done: false, Live: false },
    },
  });

describe("stories", () => {
  it("the story list shows stories whose required points are at most the player's count of stations with points", () => {
    const status = withPoints([3, 0, 2]);
    expect(stationsWithPoints(status)).toBe(2);
    expect(availableStories(content, status).map(({ id }) => id)).toEqual([1, 2, 3]);
    expect(availableStories(content, withPoints([0, 0])).map(({ id }) => id)).toEqual([1]);
  });

  it("hides stories that are not live", () => {
    expect(availableStories(content, withPoints([1])).map(({ id }) => id)).not.toContain(4);
  });

  it("counts finished stories for the crest", () => {
    expect(finishedStories(withPoints([1]))).toBe(1);
    expect(finishedStories(null)).toBe(0);
  });

  it("says how many stations with points unlock the next story", () => {
    expect(stationsToNextStory(content, withPoints([0]))).toBe(1);
    expect(stationsToNextStory(content, withPoints([1]))).toBe(1);
    expect(stationsToNextStory(content, withPoints([1, 1]))).toBeNull();
  });

  it("stories activate on open when live and not done", () => {
    const [done, open] = availableStories(content, withPoints([1]));
    expect(done && activatesOnOpen(done)).toBe(false);
    expect(open && activatesOnOpen(open)).toBe(true);
  });

  it("counts the listed stories not opened yet as unseen", () => {
    const listed = availableStories(content, withPoints([1]));
    expect(unseenStories(listed, [1]).map(({ id }) => id)).toEqual([2]);
  });

  it("never counts a story the server has as opened (done) as new, on a device that saw nothing", () => {
    const listed = availableStories(content, withPoints([1]));
    expect(unseenStories(listed, []).map(({ id }) => id)).toEqual([2]);
  });
});
