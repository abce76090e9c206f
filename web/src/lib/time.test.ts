import { describe, expect, it } from "vitest";
import { formatSeconds, formatTime } from "./time";

describe("formatTime", () => {
  it("shows local time as HH:MM with leading zeros", () => {
    expect(formatTime(new Date(2025, 4, 1, 9, 5, 59).toISOString())).toBe("09:05");
    expect(formatTime(new Date(2025, 4, 1, 23, 41).toISOString())).toBe("23:41");
  });

  it("shows nothing for an unreadable timestamp", () => {
    expect(formatTime("yesterday")).toBe("");
  });
});

describe("formatSeconds", () => {
  it("shows the audio countdown as m:ss, rounded up", () => {
    expect(formatSeconds(0)).toBe("0:00");
    expect(formatSeconds(61.2)).toBe("1:02");
    expect(formatSeconds(Number.NaN)).toBe("0:00");
    expect(formatSeconds(-3)).toBe("0:00");
  });
});
