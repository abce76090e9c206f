import { describe, expect, it } from "vitest";
import { textsOf } from "../../i18n/i18n";
import { activityText } from "./activity-text";

const base = { at: "2026-11-25T10:00:00Z", who: "Wanderer 4117", title: "Der Marktplatz" };

describe("a line of the activity feed", () => {
  it("names who finished which station with the points, in either language", () => {
    const done = { ...base, kind: "done" as const, stationId: 1, points: 3, maxPoints: 3 };
    expect(activityText(done, textsOf("en"))).toBe(
      "Wanderer 4117 finished Der Marktplatz, 3 of 3 points",
    );
    expect(activityText(done, textsOf("de"))).toBe(
      "Wanderer 4117 hat Der Marktplatz geschafft, 3 von 3 Punkten",
    );
  });

  it("leaves the points out when the event has none", () => {
    expect(activityText({ ...base, kind: "done" }, textsOf("en"))).toBe(
      "Wanderer 4117 finished Der Marktplatz",
    );
  });

  it("says what else happened", () => {
    const en = textsOf("en");
    expect(activityText({ ...base, kind: "activated" }, en)).toBe(
      "Wanderer 4117 started Der Marktplatz",
    );
    expect(activityText({ ...base, kind: "cancelled" }, en)).toBe(
      "Wanderer 4117 cancelled Der Marktplatz",
    );
    expect(activityText({ ...base, kind: "story", title: "Zwei Studenten" }, en)).toBe(
      "Wanderer 4117 opened the story Zwei Studenten",
    );
  });
});
