import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import {
  displayedStations,
  isDone,
  isPlayed,
  isSecret,
  isVisible,
  stationStyle,
} from "./station-flags";

describe("status from the server", () => {
  it("done is read from the game state (the protocol carries no other done flag)", () => {
    expect(isDone(station({ GameState: { Done: true, Played: true } }))).toBe(true);
    expect(isDone(station({ GameState: { Done: false, Played: true } }))).toBe(false);
    expect(isDone(station({ GameState: undefined }))).toBe(false);
  });

  it("played is read from the game state", () => {
    expect(isPlayed(station({ GameState: { Done: false, Played: true } }))).toBe(true);
    expect(isPlayed(station({ GameState: { Done: false, Played: false } }))).toBe(false);
    expect(isPlayed(station({ GameState: undefined }))).toBe(false);
  });

  it("visible is true if the game state is absent or lacks it, else the boolean, or true for shown or secret", () => {
    expect(isVisible(station({ GameState: undefined }))).toBe(true);
    expect(isVisible(station({ GameState: { Done: false, Played: false } }))).toBe(true);
    expect(isVisible(station({ GameState: { Done: false, Played: false, Visible: false } }))).toBe(
      false,
    );
    expect(
      isVisible(station({ GameState: { Done: false, Played: false, Visible: "shown" } })),
    ).toBe(true);
    expect(
      isVisible(station({ GameState: { Done: false, Played: false, Visible: "secret" } })),
    ).toBe(true);
  });

  it("secret is true when the value is secret", () => {
    expect(
      isSecret(station({ GameState: { Done: false, Played: false, Visible: "secret" } })),
    ).toBe(true);
    expect(isSecret(station({ GameState: { Done: false, Played: false, Visible: true } }))).toBe(
      false,
    );
  });

  it("default style is game-station (for a station the status does not name yet)", () => {
    expect(stationStyle(null, 1)).toBe("game-station");
    expect(stationStyle(playerStatus(), 99)).toBe("game-station");
    const plain = playerStatus({
      Stations: { "1": station({ DisplayHint: { Style: "plain", View: "station" } }) },
    });
    expect(stationStyle(plain, 1)).toBe("plain");
  });

  it("displayed stations are live and visible in the chosen view, sorted by name", () => {
    const status = playerStatus({
      Stations: {
        "1": station({ Name: "c" }),
        "2": station({ Name: "a" }),
        "3": station({ Name: "b", Live: false }),
        "4": station({ Name: "d", DisplayHint: { Style: "plain", View: "email" } }),
      },
    });
    expect(displayedStations(status, "station").map(({ id }) => id)).toEqual([2, 1]);
    expect(displayedStations(status, "email").map(({ id }) => id)).toEqual([4]);
  });
});
