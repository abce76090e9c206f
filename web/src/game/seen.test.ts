import { describe, expect, it } from "vitest";
import { markSeen, nothingSeen } from "./seen";

describe("seen marks", () => {
  it("news keeps the highest recommendation shown and the nearby station", () => {
    const once = markSeen(nothingSeen, {
      kind: "news",
      upTo: 7,
      operatorUpTo: 4,
      nearby: 2,
      arrived: null,
    });
    expect(once).toMatchObject({ news: 7, operatorNews: 4, nearby: 2 });
    expect(
      markSeen(once, {
        kind: "news",
        upTo: 3,
        operatorUpTo: 5,
        nearby: null,
        arrived: null,
      }),
    ).toMatchObject({
      news: 7,
      operatorNews: 5,
      nearby: null,
    });
    expect(
      markSeen(once, {
        kind: "news",
        upTo: null,
        operatorUpTo: 2,
        nearby: 2,
        arrived: null,
      }),
    ).toBe(once);
  });

  it("a story is seen once", () => {
    const once = markSeen(nothingSeen, { kind: "story", storyId: 3 });
    expect(once.stories).toEqual([3]);
    expect(markSeen(once, { kind: "story", storyId: 3 })).toBe(once);
  });

  it("the points page keeps the total points it showed", () => {
    expect(markSeen(nothingSeen, { kind: "points", points: 5 }).points).toBe(5);
    expect(markSeen(nothingSeen, { kind: "points", points: 0 })).toBe(nothingSeen);
  });
});
