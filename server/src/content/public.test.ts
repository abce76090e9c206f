import { describe, it, expect } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadContentPack } from "./loader";
import { assetPath, publicContent } from "./public";
import type { ContentPack, Station } from "./model";

const root = path.resolve("/packs/test");

function station(id: number, overrides: Partial<Station> = {}): Station {
  return {
    id,
    name: `s${id}`,
    character: "Lena",
    latitude: 50.8,
    longitude: 8.7,
    points: 2,
    group: "",
    view: "station",
    style: "game-station",
    visible: true,
    live: true,
    texts: { de: { title: `Station ${id}`, desc: "Beschreibung" } },
    scripts: { de: "{}" },
    dir: path.join(root, "stations", `${id}-s${id}`),
    ...overrides,
  };
}

const pack: ContentPack = {
  id: "test",
  title: { de: "Testspiel", en: "Test game" },
  defaultLanguage: "de",
  settings: {
    apiVersion: 1,
    allowTeams: false,
    registrationLess: false,
    debug: false,
    stationDistanceThreshold: 3000,
    allowGeolocation: true,
    allowSortbyDistance: true,
  },
  texts: { rejection: { de: "Nein." } },
  stations: [
    station(1, {
      image: "stations/1/bild.jpg",
      view: "main",
      texts: {
        de: { title: "Markt", desc: "Der Markt", longDesc: "Lang", descDone: "Fertig" },
        en: { title: "Market", desc: "The market" },
      },
    }),
    station(2, { live: false }),
    station(3, { visible: "secret" }),
  ],
  dir: root,
};

describe("publicContent", () => {
  it("gives each live station's texts in the language asked for", () => {
    const content = publicContent(pack, "en");
    expect(content.language).toBe("en");
    expect(content.title).toBe("Test game");
    expect(content.stations["1"]).toEqual({
      title: "Market",
      desc: "The market",
      longDesc: "Lang",
      descDone: "Fertig",
      imagePath: "stations/1/bild.jpg",
      view: "main",
    });
  });

  it("falls back to German for a missing language and for each missing text", () => {
    const content = publicContent(pack, "de-formal");
    expect(content.title).toBe("Testspiel");
    expect(content.stations["1"]).toMatchObject({ title: "Markt", longDesc: "Lang" });
    expect(content.stations["3"]).toEqual({
      title: "Station 3",
      desc: "Beschreibung",
      view: "station",
    });
  });

  it("leaves out stations that are not live", () => {
    expect(Object.keys(publicContent(pack, "de").stations)).toEqual(["1", "3"]);
  });
});

describe("assetPath", () => {
  it("maps stations/<id>/<file> into the station's folder", () => {
    expect(assetPath(pack, "stations/1/bild.jpg")).toBe(
      path.join(root, "stations", "1-s1", "bild.jpg"),
    );
    expect(assetPath(pack, "stations/3/audio/lied.mp3")).toBe(
      path.join(root, "stations", "3-s3", "audio", "lied.mp3"),
    );
  });

  it("finds the demo pack's media", async () => {
    const demo = await loadContentPack(
      fileURLToPath(new URL("../../../content/demo", import.meta.url)),
    );
    expect(assetPath(demo, "stations/3/elisabethkirche.jpg")).toBe(
      path.join(demo.dir, "stations", "3-elisabethkirche", "elisabethkirche.jpg"),
    );
  });

  it.each([
    "stations/1/../../game.yaml",
    "stations/1/../2-s2/x.jpg",
    "stations/1/..",
    "stations/1/..\\..\\game.yaml",
    "stations/1//bild.jpg",
    "stations/1/",
    "/etc/passwd",
    "/stations/1/bild.jpg",
    "../stations/1/bild.jpg",
    "game.yaml",
    "stations/9/bild.jpg",
    "stations/01/bild.jpg",
    "stations/x/bild.jpg",
    "stations/1/script.de.ink",
    "stations/1/station.yaml",
    "stations/1/.hidden",
  ])("refuses %s", (urlPath) => {
    expect(assetPath(pack, urlPath)).toBeNull();
  });
});
