import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { countdownLabel, countdownText, startText } from "./clock-texts";

const de = i18next.getFixedT("de");
const deFormal = i18next.getFixedT("de-formal");
const en = i18next.getFixedT("en");
const minute = 60_000;
const hour = 60 * minute;

describe("the countdown's texts", () => {
  it("shows the time left in German and English", () => {
    expect(countdownText(de, hour + 23 * minute + 45_000)).toBe("Noch 1:23:45");
    expect(countdownText(de, 12 * minute + 5000)).toBe("Noch 12:05");
    expect(countdownText(en, 12 * minute + 5000)).toBe("12:05 left");
    expect(countdownText(en, 2 * hour)).toBe("2:00:00 left");
  });

  it("tells a screen reader the time left in whole minutes", () => {
    expect(countdownLabel(de, 12 * minute)).toBe("Verbleibende Spielzeit: 12 Minuten");
    expect(countdownLabel(de, 11 * minute + 5000)).toBe("Verbleibende Spielzeit: 12 Minuten");
    expect(countdownLabel(de, 30_000)).toBe("Verbleibende Spielzeit: 1 Minute");
    expect(countdownLabel(de, hour)).toBe("Verbleibende Spielzeit: 1 Stunde");
    expect(countdownLabel(de, 2 * hour + 5 * minute)).toBe(
      "Verbleibende Spielzeit: 2 Stunden 5 Minuten",
    );
    expect(countdownLabel(en, hour + minute)).toBe("Time left in the game: 1 hour 1 minute");
    expect(countdownLabel(en, 12 * minute)).toBe("Time left in the game: 12 minutes");
  });

  it("says when the game starts, with the day when it is not today", () => {
    const now = new Date(2026, 5, 12, 18, 0).getTime();
    const today = new Date(2026, 5, 12, 20, 0).getTime();
    const tomorrow = new Date(2026, 5, 13, 10, 0).getTime();
    expect(startText(de, today, now, "de")).toBe("Das Spiel beginnt um 20:00 Uhr.");
    expect(startText(de, tomorrow, now, "de")).toBe("Das Spiel beginnt am 13.06. um 10:00 Uhr.");
    expect(startText(deFormal, tomorrow, now, "de-formal")).toBe(
      "Das Spiel beginnt am 13.06. um 10:00 Uhr.",
    );
    expect(startText(en, today, now, "en")).toBe("The game starts at 20:00.");
    expect(startText(en, tomorrow, now, "en")).toBe("The game starts on 13 June at 10:00.");
  });

  it("says the formal German hint with Sie", () => {
    expect(de("gameClock.beforeHint")).toContain("kannst du");
    expect(deFormal("gameClock.beforeHint")).toContain("können Sie");
    expect(deFormal("gameClock.over")).toBe("Das Spiel ist vorbei. Die Rangliste steht fest.");
  });
});
