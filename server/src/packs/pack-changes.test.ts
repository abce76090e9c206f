import { describe, expect, it } from "vitest";
import type { PackFileEntry } from "../store/pack-repository";
import { LARGEST_SHOWN, packChanges } from "./pack-changes";

const file = (path: string, hash: string, size = 10): PackFileEntry => ({ path, hash, size });

describe("the changes from one version to the next", () => {
  it("names files added, removed and changed, with a text's changed lines", async () => {
    const texts: Record<string, string> = {
      "before:game.yaml":
        "id: marburg\ntitle:\n  de: Märchenhaftes Marburg\n  en: Fairy-tale Marburg\n",
      "after:game.yaml": "id: marburg\ntitle:\n  de: Marburg bei Nacht\n  en: Fairy-tale Marburg\n",
      "after:stations/9-neu/script.de.ink": "Hallo!\n-> END\n",
    };
    const changes = await packChanges(
      [file("game.yaml", "a"), file("stations/1/bild.jpg", "b", 2000), file("same.md", "c")],
      [
        file("game.yaml", "a2"),
        file("same.md", "c"),
        file("stations/9-neu/film.mp4", "d", 5000),
        file("stations/9-neu/script.de.ink", "e"),
      ],
      async (side, entry) => texts[`${side}:${entry.path}`] ?? "",
    );
    expect(changes.map((c) => [c.path, c.change, c.sizeBefore, c.sizeAfter])).toEqual([
      ["game.yaml", "changed", 10, 10],
      ["stations/1/bild.jpg", "removed", 2000, null],
      ["stations/9-neu/film.mp4", "added", null, 5000],
      ["stations/9-neu/script.de.ink", "added", null, 10],
    ]);
    expect(changes[0]?.hunks).toEqual([
      {
        oldStart: 1,
        oldLines: 4,
        newStart: 1,
        newLines: 4,
        lines: [
          " id: marburg",
          " title:",
          "-  de: Märchenhaftes Marburg",
          "+  de: Marburg bei Nacht",
          "   en: Fairy-tale Marburg",
        ],
      },
    ]);
    expect(changes[1]?.hunks).toBeUndefined();
    expect(changes[3]?.hunks?.[0]?.lines).toEqual(["+Hallo!", "+-> END"]);
  });

  it("names a text too large to show by its sizes, without reading it", async () => {
    const read = async () => {
      throw new Error("read");
    };
    const changes = await packChanges(
      [file("notes.md", "a", LARGEST_SHOWN + 1)],
      [file("notes.md", "b", 12)],
      read,
    );
    expect(changes).toEqual([
      { path: "notes.md", change: "changed", sizeBefore: LARGEST_SHOWN + 1, sizeAfter: 12 },
    ]);
  });
});
