// The warnings about where stations are and what they are called, on small packs of their own.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { checkContentPack } from "./loader";
import type { ContentProblem } from "./model";

let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-places-"));
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

type Station = {
  latitude: number;
  longitude: number;
  name?: string;
  texts?: string;
  extra?: string;
};

/** Marburg's upper town: four stations within 600 m of each other. */
const town: Station[] = [
  { latitude: 50.8095, longitude: 8.77 },
  { latitude: 50.8104, longitude: 8.7668 },
  { latitude: 50.8153, longitude: 8.7707 },
  { latitude: 50.8091, longitude: 8.7718 },
];

/**
 * Writes a pack afresh: game.yaml (with `game` added), one folder per station and `more` files;
 * answers its warnings.
 */
async function check(
  stations: Station[],
  game = "",
  more: Record<string, string> = {},
): Promise<ContentProblem[]> {
  await rm(pack, { recursive: true, force: true });
  const files: Record<string, string> = {
    ...more,
    "game.yaml": `id: test
title: { de: Test, en: Test }
defaultLanguage: de
settings: { allowTeams: false, registrationLess: false, debug: false }
texts: { rejection: Nein. }
${game}`,
  };
  stations.forEach((s, i) => {
    const id = i + 1;
    files[`stations/${id}-s/station.yaml`] = `id: ${id}
name: ${s.name ?? `s${id}`}
character: Eva
latitude: ${s.latitude}
longitude: ${s.longitude}
points: 0
texts:
${s.texts ?? `  de: { title: Station ${id}, desc: D }\n  en: { title: Station ${id} en, desc: D }`}
${s.extra ?? ""}`;
    files[`stations/${id}-s/script.de.ink`] = "Hallo!\n-> END\n";
    files[`stations/${id}-s/script.en.ink`] = "Hello!\n-> END\n";
  });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(pack, file)), { recursive: true });
    await writeFile(path.join(pack, file), text);
  }
  const { errors, warnings } = await checkContentPack(pack);
  expect(errors).toEqual([]);
  return warnings;
}

const at = (id: number, line: number, message: string): ContentProblem => ({
  file: `stations/${id}-s/station.yaml`,
  line,
  message,
});

describe("where stations are", () => {
  it("passes stations near each other, and two far apart", async () => {
    expect(await check(town)).toEqual([]);
    expect(await check([town[0] as Station, { latitude: 48.14, longitude: 11.58 }])).toEqual([]);
  });

  it("warns of a station far from all others, and of latitude and longitude swapped", async () => {
    const swapped = { latitude: 8.7718, longitude: 50.8091 };
    const typo = { latitude: 50.9095, longitude: 8.77 };
    expect(await check([...town.slice(0, 3), swapped, typo])).toEqual([
      at(
        4,
        4,
        "latitude 8.7718, longitude 50.8091 is 6050 km from the nearest other station (stations/1-s): latitude and longitude swapped?",
      ),
      at(
        5,
        4,
        "latitude 50.9095, longitude 8.77 is 10 km from the nearest other station (stations/3-s): check the coordinates",
      ),
    ]);
  });

  it("measures far by how the pack's stations lie: villages 8 km apart are no typo", async () => {
    const villages = [0, 1, 2, 3].map((i) => ({ latitude: 50.8 + i * 0.072, longitude: 8.77 }));
    expect(await check(villages)).toEqual([]);
  });

  it("warns of a station outside the map's picture", async () => {
    const map = "map: { tiles: { url: 'https://t.example/{z}/{x}/{y}.png', attribution: T } }";
    const bounds = `map:
  tiles: { url: 'https://t.example/{z}/{x}/{y}.png', attribution: T }
  image: { path: map/plan.svg, bounds: [[50.805, 8.762], [50.817, 8.779]] }
`;
    const north = { latitude: 50.82, longitude: 8.77 };
    const swapped = { latitude: 8.7718, longitude: 50.8091 };
    // Tiles alone have no bounds.
    expect(await check([...town, north], map)).toEqual([]);
    expect(await check([...town, north, swapped], bounds, { "map/plan.svg": "<svg/>" })).toEqual([
      at(
        5,
        4,
        "latitude 50.82, longitude 8.77 lies outside the map (map.image.bounds in game.yaml): check the coordinates",
      ),
      at(
        6,
        4,
        "latitude 8.7718, longitude 50.8091 lies outside the map (map.image.bounds in game.yaml): latitude and longitude swapped?",
      ),
    ]);
  });
});

describe("stations with one name", () => {
  it("warns of two stations with one name, which a #recommend cannot tell apart", async () => {
    const [a, b, c] = town as [Station, Station, Station];
    expect(await check([a, { ...b, name: "s1" }, c])).toEqual([
      at(
        2,
        2,
        "name s1 is also the name of stations/1-s: a #recommend: s1 leads to one of them only",
      ),
    ]);
  });

  it("warns of one title for two stations, per language the pack is written in", async () => {
    const [a, b, c, d] = town as [Station, Station, Station, Station];
    const texts = (de: string, en?: string) =>
      `  de: { title: ${de}, desc: D }${en === undefined ? "" : `\n  en: { title: ${en}, desc: D }`}`;
    const warnings = await check([
      { ...a, texts: texts("Der Markt", "The Market") },
      // Another German title, the same English one, in another letter case.
      { ...b, texts: texts("Der Marktplatz", "the market") },
      // Both without English: the same German title, reported in German only.
      { ...c, texts: texts("Die Kirche") },
      { ...d, texts: texts("Die Kirche") },
    ]);
    expect(warnings.filter((w) => !w.message.startsWith("missing in English"))).toEqual([
      at(
        2,
        9,
        'the title "the market" is also that of stations/1-s in English: players cannot tell the two apart',
      ),
      at(
        4,
        8,
        'the title "Die Kirche" is also that of stations/3-s in German: players cannot tell the two apart',
      ),
    ]);
  });

  it("counts only the stations players see", async () => {
    const [a, b, c] = town as [Station, Station, Station];
    const texts = "  de: { title: Station 1, desc: D }\n  en: { title: Station 1 en, desc: D }";
    expect(await check([a, { ...b, texts, extra: "live: false" }, c])).toEqual([]);
    expect(await check([a, { ...b, texts, extra: "visible: false" }, c])).toEqual([]);
  });
});
