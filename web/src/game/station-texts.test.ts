import { describe, expect, it } from "vitest";
import type { PublicContent } from "@wegmarke/protocol";
import { station } from "../test/fixtures";
import { stationTexts } from "./station-texts";

const content: PublicContent = {
  language: "de",
  title: "Märchenhaftes Marburg",
  stations: {
    "1": {
      title: "Der Marktplatz",
      desc: "Wo am Rathaus ein Tier kräht.",
      descDone: "Du hast das Rätsel gelöst.",
      longDesc: "Das Herz der Oberstadt.",
      imagePath: "stations/1/rathaus.jpg",
      view: "station",
    },
  },
};

describe("stationTexts", () => {
  it("takes title, description and image from the content", () => {
    expect(stationTexts(content, 1, station())).toEqual({
      title: "Der Marktplatz",
      desc: "Wo am Rathaus ein Tier kräht.",
      longDesc: "Das Herz der Oberstadt.",
      imagePath: "stations/1/rathaus.jpg",
      author: null,
      subject: null,
      message: null,
      content: null,
    });
  });

  it("takes an entry's author, subject, message and content", () => {
    const letter: PublicContent = {
      ...content,
      stations: {
        "9": {
          title: "Ein Brief",
          desc: "",
          author: "Elisabeth",
          subject: "Rosen",
          message: "Lies mich.",
          content: "stations/9/brief.jpg",
          view: "email",
        },
      },
    };
    expect(stationTexts(letter, 9, station())).toMatchObject({
      author: "Elisabeth",
      subject: "Rosen",
      message: "Lies mich.",
      content: "stations/9/brief.jpg",
    });
  });

  it("takes the done variants of a done station where there are any", () => {
    const done = station({ GameState: { Done: true, Played: true } });
    expect(stationTexts(content, 1, done)).toMatchObject({
      title: "Der Marktplatz",
      desc: "Du hast das Rätsel gelöst.",
    });
  });

  it("keeps the plain texts while a done station does not show as done yet", () => {
    const done = station({ GameState: { Done: true, Played: true } });
    expect(stationTexts(content, 1, done, false).desc).toBe("Wo am Rathaus ein Tier kräht.");
  });

  it("falls back to the station's name before the content has loaded", () => {
    expect(stationTexts(null, 1, station()).title).toBe("marktplatz");
  });
});
