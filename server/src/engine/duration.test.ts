import { describe, it, expect } from "vitest";
import { parseDuration } from "./duration";

describe("parseDuration", () => {
  it("reads a whole number of seconds, minutes or hours", () => {
    expect(parseDuration("30s")).toBe(30_000);
    expect(parseDuration("10m")).toBe(600_000);
    expect(parseDuration("2h")).toBe(7_200_000);
    expect(parseDuration(" 5 M ")).toBe(300_000);
  });

  it.each(["", "5", "m", "1.5m", "5 minutes", "-3s", "1h30m"])("refuses %j", (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});
