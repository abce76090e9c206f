import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../config";
import { readMap, writeMap } from "./map-form";

const demo = readFileSync(resolve(repoRoot, "content/demo/game.yaml"), "utf8");

function mapOf(text: string) {
  const read = readMap(text);
  if (!read.ok) throw new Error(read.reason);
  return read.form;
}

describe("the studio's map form over game.yaml", () => {
  it("reads the demo's picture and its corners", () => {
    expect(mapOf(demo)).toEqual({
      image: {
        path: "map/oberstadt.svg",
        bounds: [
          [50.805, 8.762],
          [50.817, 8.779],
        ],
      },
      tiles: null,
    });
  });

  it("moves a corner where it stands, keeping the corners' brackets and the comment", () => {
    const form = mapOf(demo);
    if (!form?.image) throw new Error("no picture");
    const after = writeMap(demo, {
      ...form,
      image: {
        ...form.image,
        bounds: [
          [50.8049, 8.762],
          [50.817, 8.7795],
        ],
      },
    });
    expect(after).toContain(
      "bounds: [[50.8049, 8.762], [50.817, 8.7795]] # [[south, west], [north, east]]",
    );
    expect(after.split("\n")).toHaveLength(demo.split("\n").length);
  });

  it("adds tiles under the picture, and takes the picture away again", () => {
    const form = mapOf(demo);
    if (!form) throw new Error("no map");
    const tiles = { url: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: "© Beispiel" };
    const withTiles = writeMap(demo, { ...form, tiles });
    expect(mapOf(withTiles)).toEqual({ ...form, tiles });
    expect(mapOf(writeMap(withTiles, { image: null, tiles }))).toEqual({ image: null, tiles });
  });

  it("gives a game without a map one", () => {
    const without = demo.replace(/\n# \/webapp\/map[\s\S]*?(?=\n# What "More")/, "\n");
    expect(mapOf(without)).toBeNull();
    const image = {
      path: "map/neu.png",
      bounds: [
        [50.8, 8.7],
        [50.9, 8.8],
      ] as [[number, number], [number, number]],
    };
    expect(mapOf(writeMap(without, { image, tiles: null }))).toEqual({ image, tiles: null });
  });
});
