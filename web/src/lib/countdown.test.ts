import { describe, expect, it } from "vitest";
import { countdownMinutes, formatCountdown, formatMoment } from "./countdown";

const minute = 60_000;
const hour = 60 * minute;

describe("formatCountdown", () => {
  it("shows hours from an hour on, else minutes and seconds", () => {
    expect(formatCountdown(hour + 23 * minute + 45_000)).toBe("1:23:45");
    expect(formatCountdown(hour)).toBe("1:00:00");
    expect(formatCountdown(12 * minute + 5000)).toBe("12:05");
    expect(formatCountdown(5 * minute + 3000)).toBe("5:03");
  });

  it("rounds up to the second: the last one shows until the end", () => {
    expect(formatCountdown(hour - 1)).toBe("1:00:00");
    expect(formatCountdown(12 * minute + 4001)).toBe("12:05");
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5000)).toBe("0:00");
  });
});

describe("countdownMinutes", () => {
  it("gives whole minutes, rounded up, as hours and minutes", () => {
    expect(countdownMinutes(12 * minute)).toEqual({ hours: 0, minutes: 12 });
    expect(countdownMinutes(11 * minute + 1)).toEqual({ hours: 0, minutes: 12 });
    expect(countdownMinutes(hour + 23 * minute + 45_000)).toEqual({ hours: 1, minutes: 24 });
    expect(countdownMinutes(2 * hour)).toEqual({ hours: 2, minutes: 0 });
    expect(countdownMinutes(30_000)).toEqual({ hours: 0, minutes: 1 });
  });
});

describe("formatMoment", () => {
  const now = new Date(2026, 5, 13, 8, 30).getTime();

  it("shows a time of today as HH:MM in the phone's time zone", () => {
    const start = new Date(2026, 5, 13, 10, 0).getTime();
    expect(formatMoment(start, now, "de")).toEqual({ time: "10:00", date: null });
    expect(formatMoment(start, now, "en")).toEqual({ time: "10:00", date: null });
  });

  it("adds the day when it is not today", () => {
    const start = new Date(2026, 5, 14, 9, 5).getTime();
    expect(formatMoment(start, now, "de")).toEqual({ time: "09:05", date: "14.06." });
    expect(formatMoment(start, now, "de-formal")).toEqual({ time: "09:05", date: "14.06." });
    expect(formatMoment(start, now, "en")).toEqual({ time: "09:05", date: "14 June" });
  });
});
