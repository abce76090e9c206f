import type { Bounds } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import { placeWarnings } from "./place-warnings";

const others = [
  { folder: "stations/1-a", title: "Marktplatz", latitude: 50.8095, longitude: 8.77 },
  { folder: "stations/2-b", title: "Schloss", latitude: 50.8103, longitude: 8.7665 },
  { folder: "stations/3-c", title: "Elisabethkirche", latitude: 50.8153, longitude: 8.7707 },
];
const bounds: Bounds = [
  [50.805, 8.76],
  [50.82, 8.78],
];

describe("a station's place as the form judges it", () => {
  it("says nothing of a place among the others on the map", () => {
    expect(placeWarnings({ latitude: 50.811, longitude: 8.772 }, others, bounds)).toEqual([]);
  });

  it("warns of a place outside the map, and asks whether the coordinates are swapped", () => {
    expect(placeWarnings({ latitude: 8.772, longitude: 50.811 }, others, bounds)).toEqual([
      expect.objectContaining({ kind: "outside", swapped: true }),
    ]);
    expect(placeWarnings({ latitude: 50.9, longitude: 8.772 }, others, bounds)).toEqual([
      expect.objectContaining({ kind: "outside", swapped: false }),
    ]);
  });

  it("warns of a place far from all others where there is no map picture", () => {
    const [far] = placeWarnings({ latitude: 50.6, longitude: 8.772 }, others, undefined);
    expect(far).toMatchObject({ kind: "far", other: "Marktplatz", swapped: false });
    expect(Math.round((far?.metres ?? 0) / 1000)).toBe(23);
    expect(placeWarnings({ latitude: 8.772, longitude: 50.811 }, others, undefined)).toEqual([
      expect.objectContaining({ kind: "far", swapped: true }),
    ]);
    // An empty field is no place yet.
    expect(placeWarnings({ latitude: Number.NaN, longitude: 8.77 }, others, bounds)).toEqual([]);
  });
});
