import { describe, expect, it } from "vitest";
import { defaultSeenRatio } from "@wegmarke/protocol";
import { audioProgressDue, playedRatio, videoProgressToReport } from "./media-progress";

describe("medium progress", () => {
  it("the played share is the time over the duration, 0 while the duration is unknown", () => {
    expect(playedRatio(30, 120)).toBe(0.25);
    expect(playedRatio(5, Number.NaN)).toBe(0);
    expect(playedRatio(5, Number.POSITIVE_INFINITY)).toBe(0);
    expect(playedRatio(130, 120)).toBe(1);
  });

  it("audio progress is reported once at the seen-ratio percentage", () => {
    expect(audioProgressDue(0.5, 0.8, false)).toBe(false);
    expect(audioProgressDue(0.8, 0.8, false)).toBe(true);
    expect(audioProgressDue(0.95, 0.8, true)).toBe(false);
  });

  it("audio without a seen ratio is reported at the protocol's default one", () => {
    expect(audioProgressDue(defaultSeenRatio - 0.01, undefined, false)).toBe(false);
    expect(audioProgressDue(defaultSeenRatio, undefined, false)).toBe(true);
  });

  it("video progress is sent on time updates, once per further tenth and at the end", () => {
    expect(videoProgressToReport(0, 0.05)).toBeNull();
    expect(videoProgressToReport(0, 0.12)).toBe(0.12);
    expect(videoProgressToReport(0.12, 0.18)).toBeNull();
    expect(videoProgressToReport(0.12, 0.2)).toBe(0.2);
    expect(videoProgressToReport(0.95, 1)).toBe(1);
    expect(videoProgressToReport(1, 1)).toBeNull();
  });
});
