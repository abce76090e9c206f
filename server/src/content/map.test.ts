import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkContentPack } from "./loader";
import { publicContent, assetPath } from "./public";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));

let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-map-"));
  await cp(demo, pack, { recursive: true });
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

/** The demo pack with its `map:` section replaced by `map`. */
async function withMap(map: string) {
  const file = path.join(pack, "game.yaml");
  const text = await readFile(file, "utf8");
  const start = text.indexOf("\nmap:\n");
  await writeFile(file, `${text.slice(0, start)}\n${map}\n`);
  return checkContentPack(pack);
}

const messages = (check: Awaited<ReturnType<typeof checkContentPack>>) =>
  check.errors.map((p) => `${p.file}:${p.line}: ${p.message}`);

describe("game.yaml map", () => {
  it("carries the demo's map image to the public content and serves it", async () => {
    const { pack: loaded, errors } = await checkContentPack(demo);
    expect(errors).toEqual([]);
    if (!loaded) throw new Error("the demo pack did not load");
    const map = {
      image: {
        path: "map/oberstadt.svg",
        bounds: [
          [50.805, 8.762],
          [50.817, 8.779],
        ],
      },
    };
    expect(loaded?.map).toEqual(map);
    expect(publicContent(loaded, "en").map).toEqual(map);
    expect(assetPath(loaded, "map/oberstadt.svg")).toBe(path.join(demo, "map", "oberstadt.svg"));
    expect(assetPath(loaded, "map/../game.yaml")).toBeNull();
  });

  it("takes tiles with their attribution, alone or under the image", async () => {
    const check = await withMap(
      [
        "map:",
        "  tiles:",
        "    url: https://tile.example.org/{z}/{x}/{y}.png",
        "    attribution: © OpenStreetMap contributors",
        "    maxZoom: 18",
      ].join("\n"),
    );
    expect(check.errors).toEqual([]);
    expect(check.pack?.map).toEqual({
      tiles: {
        url: "https://tile.example.org/{z}/{x}/{y}.png",
        attribution: "© OpenStreetMap contributors",
        maxZoom: 18,
      },
    });
  });

  it("reports bounds whose corners are swapped or out of range, with their line", async () => {
    const check = await withMap(
      [
        "map:",
        "  image:",
        "    path: map/oberstadt.svg",
        "    bounds: [[50.817, 8.779], [50.805, 8.762]]",
      ].join("\n"),
    );
    const line = (await readFile(path.join(pack, "game.yaml"), "utf8"))
      .split("\n")
      .indexOf("    bounds: [[50.817, 8.779], [50.805, 8.762]]");
    expect(messages(check)).toEqual([
      `game.yaml:${line + 1}: map.image.bounds: expected [[south, west], [north, east]]: the first corner south and west of the second`,
    ]);
    const far = await withMap(
      [
        "map:",
        "  image:",
        "    path: map/oberstadt.svg",
        "    bounds: [[95, 8.762], [50.817]]",
      ].join("\n"),
    );
    expect(far.errors.length).toBeGreaterThan(0);
    expect(far.pack).toBeUndefined();
  });

  it("reports a missing image, a tile address without {z}/{x}/{y} and an empty map", async () => {
    expect(
      messages(
        await withMap(
          [
            "map:",
            "  image:",
            "    path: map/nirgends.svg",
            "    bounds: [[50.8, 8.7], [50.9, 8.8]]",
          ].join("\n"),
        ),
      ),
    ).toEqual([expect.stringContaining("map/nirgends.svg: file not found in map/")]);
    expect(
      messages(
        await withMap(
          [
            "map:",
            "  tiles:",
            "    url: https://tile.example.org/tile.png",
            "    attribution: x",
          ].join("\n"),
        ),
      ),
    ).toEqual([expect.stringContaining("map.tiles.url: expected a tile address")]);
    expect(messages(await withMap("map: {}"))).toEqual([
      expect.stringContaining("map: give an image, tiles or both"),
    ]);
  });
});
