import { describe, it, expect } from "vitest";
import { languages, publicContentSchema } from "@wegmarke/protocol";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadContentPack } from "./loader";
import { assetPath, publicContent } from "./public";
import type { ContentPack, Station } from "./model";
import { testPack } from "../../test/support/test-pack";

const root = path.resolve("/packs/test");

function station(id: number, overrides: Partial<Station> = {}): Station {
  return {
    id,
    name: `s${id}`,
    character: { de: "Lena" },
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

const pack = testPack({
  id: "test",
  title: { de: "Testspiel", en: "Test game" },
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
});

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

const full: ContentPack = {
  ...pack,
  stories: [
    {
      id: 1,
      name: "anfang",
      live: true,
      chapter: { de: "Kapitel 1", en: "Chapter 1" },
      headline: { de: "Der Anfang", en: "The beginning" },
      text: { de: "Es war einmal …", "de-formal": "Es war einmal, Sie …" },
      audio: { de: "stories/1/de.mp3", en: "stories/1/en.mp3" },
      image: "stories/1/bild.png",
      requiredPoints: 1,
      dir: path.join(root, "stories", "1-anfang"),
    },
    {
      id: 2,
      name: "ohne-ton",
      live: true,
      chapter: { de: "Kapitel 2" },
      headline: { de: "Still" },
      text: { de: "Leise." },
      requiredPoints: 3,
      dir: path.join(root, "stories", "2-ohne-ton"),
    },
    {
      id: 3,
      name: "entwurf",
      live: false,
      chapter: { de: "Kapitel 3" },
      headline: { de: "Später" },
      text: { de: "Noch nicht." },
      requiredPoints: 0,
      dir: path.join(root, "stories", "3-entwurf"),
    },
  ],
  crest: [
    { finishedStories: 0, image: "points/0.png", caption: { de: "Leer", en: "Empty" } },
    { finishedStories: 2, image: "points/2.png", caption: { de: "Voll" } },
  ],
  intro: [1, 2, 3, 4].map((n) => ({
    headline: { de: `Schritt ${n}`, en: `Step ${n}` },
    text: { de: "Text" },
    ...(n === 1 ? { image: "intro/1.png" } : {}),
  })),
  help: [{ headline: { de: "Frage?", en: "Question?" }, text: { de: "Antwort." } }],
  privacy: {
    provider: { name: "Demo GmbH", address: ["Markt 1", "35037 Marburg"], email: "a@b.de" },
    text: { de: "Wir löschen nach 14 Tagen.", en: "We delete after 14 days." },
  },
  news: [{ de: "Neu!", en: "New!" }, { de: "Nur Deutsch" }],
};

describe("publicContent of stories, crest, intro, help, privacy and news", () => {
  it("gives the live stories in the language asked for, German where missing", () => {
    const content = publicContentSchema.parse(publicContent(full, "en"));
    expect(content.stories).toEqual({
      "1": {
        id: 1,
        name: "anfang",
        chapter: "Chapter 1",
        headline: "The beginning",
        text: "Es war einmal …",
        audioPath: "stories/1/en.mp3",
        imagePath: "stories/1/bild.png",
        requiredPoints: 1,
      },
      "2": {
        id: 2,
        name: "ohne-ton",
        chapter: "Kapitel 2",
        headline: "Still",
        text: "Leise.",
        requiredPoints: 3,
      },
    });
    const formal = publicContent(full, "de-formal").stories?.["1"];
    expect(formal).toMatchObject({ text: "Es war einmal, Sie …", audioPath: "stories/1/de.mp3" });
  });

  it("gives the crest rows, intro steps, help, privacy and news in one language", () => {
    const content = publicContentSchema.parse(publicContent(full, "en"));
    expect(content.crest).toEqual([
      { finishedStories: 0, imagePath: "points/0.png", caption: "Empty" },
      { finishedStories: 2, imagePath: "points/2.png", caption: "Voll" },
    ]);
    expect(content.intro?.[0]).toEqual({
      headline: "Step 1",
      text: "Text",
      imagePath: "intro/1.png",
    });
    expect(content.intro?.[1]).toEqual({ headline: "Step 2", text: "Text" });
    expect(content.help).toEqual([{ headline: "Question?", text: "Antwort." }]);
    expect(content.privacy).toEqual({
      provider: { name: "Demo GmbH", address: ["Markt 1", "35037 Marburg"], email: "a@b.de" },
      text: "We delete after 14 days.",
    });
    expect(content.news).toEqual(["New!", "Nur Deutsch"]);
  });

  it("sends empty lists and no privacy for a pack without them", () => {
    const content = publicContent(pack, "de");
    expect(content).toMatchObject({ stories: {}, crest: [], intro: [], help: [], news: [] });
    expect(content).not.toHaveProperty("privacy");
  });

  it("names the views the pack names, in one language, German where missing", () => {
    const named: ContentPack = {
      ...pack,
      views: {
        email: { label: { de: "Briefe", en: "Letters" }, text: { de: "Post für dich." } },
        story: { label: { de: "Märchenstunde" } },
      },
    };
    expect(publicContent(named, "en").views).toEqual({
      email: { label: "Letters", text: "Post für dich." },
      story: { label: "Märchenstunde" },
    });
    expect(publicContent(pack, "en")).not.toHaveProperty("views");
  });

  it("fits the protocol for every language of the demo pack", async () => {
    const demo = await loadContentPack(
      fileURLToPath(new URL("../../../content/demo", import.meta.url)),
    );
    for (const lang of languages) {
      const content = publicContentSchema.parse(publicContent(demo, lang));
      expect(Object.keys(content.stations)).toEqual([
        ...["1", "2", "3", "4", "5", "6", "7", "8", "9"],
        ...["14", "15"],
      ]);
      expect(Object.keys(content.stories ?? {})).toEqual(["1", "2", "3"]);
      expect(content.intro).toHaveLength(4);
      expect(content.stations["4"]).toMatchObject({ view: "email", author: "Jacob Grimm" });
      expect(Object.keys(content.views ?? {})).toEqual([
        "email",
        "main",
        "archive",
        "custom",
        "story",
      ]);
    }
    expect(publicContent(demo, "en").stories?.["2"]?.audioPath).toBe("stories/2/narration-en.mp3");
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

  it("maps stories/<id>/<file> into the story's folder, points/ and intro/ into the pack's", () => {
    expect(assetPath(full, "stories/1/de.mp3")).toBe(
      path.join(root, "stories", "1-anfang", "de.mp3"),
    );
    expect(assetPath(full, "points/0.png")).toBe(path.join(root, "points", "0.png"));
    expect(assetPath(full, "intro/1.png")).toBe(path.join(root, "intro", "1.png"));
  });

  it.each([
    "stories/9/x.mp3",
    "stories/1/story.yaml",
    "stories/1/../2-ohne-ton/x.mp3",
    "points/../game.yaml",
    "points/",
    "intro/.hidden",
    "messages/1.png",
  ])("refuses %s in a pack with stories", (urlPath) => {
    expect(assetPath(full, urlPath)).toBeNull();
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
