import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  formatSpan,
  fromLocalInput,
  isoWithOffset,
  localInputValue,
} from "./local-time";

/** Saturday 13 June 2026 in the test's own time zone. */
const local = (hours: number, minutes = 0, seconds = 0) =>
  new Date(2026, 5, 13, hours, minutes, seconds).getTime();
const withOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?[+-]\d\d:\d\d$/;

describe("the game's clock in local time", () => {
  it("writes a time as ISO 8601 with the browser's offset", () => {
    for (const ms of [local(14, 15), local(0, 0, 7), local(23, 59) + 123]) {
      const iso = isoWithOffset(ms);
      expect(iso).toMatch(withOffset);
      expect(Date.parse(iso)).toBe(ms);
    }
    expect(isoWithOffset(local(14, 15))).toMatch(/^2026-06-13T14:15:00[+-]/);
  });

  it("turns a datetime-local value and an ISO time into each other", () => {
    expect(localInputValue(new Date(local(14, 15)).toISOString())).toBe("2026-06-13T14:15");
    expect(localInputValue(new Date(local(9, 5, 30)).toISOString())).toBe("2026-06-13T09:05:30");
    expect(fromLocalInput("2026-06-13T14:15")).toBe(isoWithOffset(local(14, 15)));
    // Any offset the pack writes comes back as the same instant.
    for (const iso of [
      "2026-06-13T14:00:00+02:00",
      "2026-06-13T23:30:00-05:00",
      "2026-06-13T12:00:00Z",
    ]) {
      expect(Date.parse(fromLocalInput(localInputValue(iso)))).toBe(Date.parse(iso));
    }
    expect(localInputValue("")).toBe("");
    expect(localInputValue("soon")).toBe("");
    expect(fromLocalInput("")).toBe("");
    expect(fromLocalInput("2026-06-13")).toBe("");
  });

  it("shows a time with its day, or alone on the day given", () => {
    const start = new Date(local(10)).toISOString();
    expect(formatClockTime(start, "de-DE")).toBe("Sa 13.06., 10:00");
    expect(formatClockTime(start, "en-GB")).toBe("Sat 13/06, 10:00");
    expect(formatClockTime(new Date(local(14)).toISOString(), "de-DE", start)).toBe("14:00");
    expect(formatClockTime(new Date(local(14) + 86_400_000).toISOString(), "de-DE", start)).toBe(
      "So 14.06., 14:00",
    );
    expect(formatClockTime("later", "de-DE")).toBe("");
  });

  it("counts a span in whole minutes, rounded up", () => {
    expect(formatSpan(83 * 60_000)).toBe("1 h 23 min");
    expect(formatSpan(83 * 60_000 - 1)).toBe("1 h 23 min");
    expect(formatSpan(5 * 60_000 + 1)).toBe("6 min");
    expect(formatSpan(120 * 60_000)).toBe("2 h 0 min");
    expect(formatSpan(-5)).toBe("0 min");
  });
});
