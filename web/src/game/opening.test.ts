import { describe, expect, it } from "vitest";
import { station } from "../test/fixtures";
import { hasStationActions, openingAction, unavailableKey, unavailableLine } from "./opening";

const open = station();
const done = station({ GameState: { Done: true, Played: true } });

describe("opening a detail view", () => {
  it("opening a main station that is active with no messages cancels and reactivates it", () => {
    expect(openingAction("main", open, true, 0)).toBe("restart");
    expect(openingAction("main", open, true, 2)).toBe("none");
    expect(openingAction("main", open, false, 0)).toBe("none");
  });

  it("custom, email and story stations activate on opening when not done", () => {
    for (const view of ["custom", "email", "story"] as const) {
      expect(openingAction(view, open, false, 0)).toBe("activate");
      expect(openingAction(view, done, false, 3)).toBe("none");
      // Already running: nothing to start.
      expect(openingAction(view, open, true, 1)).toBe("none");
    }
  });

  it("station and archive details wait for the player", () => {
    expect(openingAction("station", open, false, 0)).toBe("none");
    expect(openingAction("station", open, true, 0)).toBe("none");
    expect(openingAction("archive", open, false, 0)).toBe("none");
  });

  it("main and station details (and archive entries) have start and cancel buttons, the others do not", () => {
    expect(hasStationActions("station")).toBe(true);
    expect(hasStationActions("main")).toBe(true);
    expect(hasStationActions("archive")).toBe(true);
    expect(hasStationActions("email")).toBe(false);
    expect(hasStationActions("custom")).toBe(false);
    expect(hasStationActions("story")).toBe(false);
  });

  it("unavailable stations show the unavailable text of their kind", () => {
    expect(unavailableKey("station")).toBe("unavailable.station");
    expect(unavailableKey("main")).toBe("unavailable.station");
    expect(unavailableKey("archive")).toBe("unavailable.entry");
    expect(unavailableKey("custom")).toBe("unavailable.entry");
    expect(unavailableKey("email")).toBe("unavailable.message");
    expect(unavailableKey("story")).toBe("unavailable.generic");
  });

  it("says that a host closed the station, before anything else", () => {
    const closed = station({
      GameState: { Done: false, Played: true, Visible: false, Closed: true },
    });
    expect(unavailableLine(closed, "custom", true)).toBe("unavailable.closed");
    expect(unavailableLine(station(), "custom", true)).toBe("unavailable.entry");
    expect(unavailableLine(station(), "station", false)).toBe("unavailable.notFound");
    expect(unavailableLine(undefined, "station", true)).toBe("unavailable.station");
  });
});
