import { describe, expect, it } from "vitest";
import {
  exportFileName,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDuration,
  formatProblem,
  formatWhen,
} from "./format";

describe("formatBytes", () => {
  it("says bytes, kilobytes, megabytes and gigabytes with one decimal, in the language's digits", () => {
    expect(formatBytes(812, "en")).toBe("812 B");
    expect(formatBytes(3_412, "en")).toBe("3.4 KB");
    expect(formatBytes(2_104_000, "de")).toBe("2,1 MB");
    expect(formatBytes(1_250_000_000, "de")).toBe("1,3 GB");
    expect(formatBytes(5_000_000_000_000, "en")).toBe("5,000 GB");
  });
});

describe("formatProblem", () => {
  it("names file, line and message as content:check prints them", () => {
    expect(
      formatProblem({
        file: "stations/1-marktplatz/script.ink",
        line: 12,
        message: "unknown knot",
      }),
    ).toBe("stations/1-marktplatz/script.ink:12: unknown knot");
    expect(formatProblem({ file: "game.yaml", message: "title: required" })).toBe(
      "game.yaml: title: required",
    );
  });
});

describe("formatDuration", () => {
  it("rounds to seconds, minutes and seconds, or hours and minutes", () => {
    expect(formatDuration(44.6)).toBe("45 s");
    expect(formatDuration(312)).toBe("5 min 12 s");
    expect(formatDuration(3900)).toBe("1 h 5 min");
    expect(formatDuration(-3)).toBe("0 s");
  });
});

describe("formatDateTime", () => {
  it("writes a date in the language's form, and nothing for an unreadable one", () => {
    expect(formatDateTime("2026-11-25T10:00:00Z", "de-DE")).toMatch(/25\.11\.2026/);
    expect(formatDateTime("not a date", "de-DE")).toBe("");
  });
});

describe("formatWhen", () => {
  it("writes the time alone for today, with the day for another, nothing for an unreadable one", () => {
    const now = new Date(2026, 10, 25, 18, 0);
    expect(formatWhen(new Date(2026, 10, 25, 14, 3).toISOString(), "de-DE", now)).toBe("14:03");
    expect(formatWhen(new Date(2026, 10, 24, 14, 3).toISOString(), "de-DE", now)).toBe(
      "24.11.2026, 14:03",
    );
    expect(formatWhen("not a date", "de-DE", now)).toBe("");
  });
});

describe("formatDate", () => {
  it("writes the day alone in the language's form, and nothing for an unreadable one", () => {
    expect(formatDate("2026-11-25T12:00:00Z", "de-DE")).toBe("25.11.2026");
    expect(formatDate("2026-11-25T12:00:00Z", "en-GB")).toBe("25 Nov 2026");
    expect(formatDate("not a date", "en-GB")).toBe("");
  });
});

describe("exportFileName", () => {
  it("names the export after the local day it is taken", () => {
    expect(exportFileName("players", new Date(2026, 0, 5, 23, 59))).toBe(
      "wegmarke-players-2026-01-05.csv",
    );
    expect(exportFileName("stations", new Date(2026, 0, 5))).toBe(
      "wegmarke-stations-2026-01-05.csv",
    );
  });
});
