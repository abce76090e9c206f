import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import { crestFor, finishedStations, stars } from "./points";

const crest = [
  { finishedStories: 2, imagePath: "points/2.png", caption: "Ritter" },
  { finishedStories: 0, imagePath: "points/0.png", caption: "Knappe" },
  { finishedStories: 5, imagePath: "points/5.png", caption: "Landgraf" },
];

describe("points", () => {
  it("the crest image and caption come from the table keyed by the count of finished stories", () => {
    expect(crestFor(crest, 0)?.caption).toBe("Knappe");
    expect(crestFor(crest, 1)?.caption).toBe("Knappe");
    expect(crestFor(crest, 4)?.imagePath).toBe("points/2.png");
    expect(crestFor(crest, 9)?.caption).toBe("Landgraf");
    expect(crestFor([], 3)).toBeNull();
  });

  it("lists the finished stations with points to earn by name", () => {
    const status = playerStatus({
      Stations: {
        "1": station({ Name: "b", Points: 2, GameState: { Done: true, Played: true } }),
        "2": station({ Name: "a", Points: 1, GameState: { Done: true, Played: true } }),
        "3": station({ Name: "c" }),
        "4": station({ Name: "d", Live: false, GameState: { Done: true, Played: true } }),
        "5": station({ Name: "e", MaxPoints: 0, GameState: { Done: true, Played: true } }),
      },
    });
    expect(finishedStations(status).map(({ id }) => id)).toEqual([2, 1]);
    expect(finishedStations(null)).toEqual([]);
  });

  it("star ratings are filled up to the points, out of maxPoints", () => {
    expect(stars(2, 3)).toEqual([true, true, false]);
    expect(stars(0, 2)).toEqual([false, false]);
    expect(stars(3, 3)).toEqual([true, true, true]);
  });
});
