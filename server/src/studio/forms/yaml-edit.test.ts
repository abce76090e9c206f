import { describe, expect, it } from "vitest";
import { editYaml } from "./yaml-edit";

const yaml = [
  "# A station",
  "id: 3",
  "character: { de: Lena, en: Lena }",
  "bounds: [[50.8, 8.7], [50.9, 8.8]] # south-west, north-east",
  "texts:",
  "  de:",
  '    title: "Die Kirche"   # shown in the list',
  "    desc: Am Markt.",
  "",
].join("\n");

describe("editing a yaml file as an author would", () => {
  it("replaces a changed one-line value where it stands, the rest byte for byte", () => {
    const edited = editYaml(yaml, [
      { path: ["texts", "de", "title"], value: "Die Kirche: innen" },
      { path: ["id"], value: 4 },
    ]);
    expect(edited).toBe(
      yaml.replace("id: 3", "id: 4").replace('"Die Kirche"', '"Die Kirche: innen"'),
    );
  });

  it("writes the document again for a new key or a removal, comments kept", () => {
    const edited = editYaml(yaml, [
      { path: ["radius"], value: 30 },
      { path: ["texts", "de", "desc"], remove: true },
    ]);
    expect(edited).toContain("radius: 30\n");
    expect(edited).not.toContain("desc:");
    expect(edited).toContain("# A station");
    expect(edited).toContain("# shown in the list");
  });

  it("leaves a text without edits as it is", () => {
    expect(editYaml(yaml, [])).toBe(yaml);
  });

  it("keeps the sections a rewrite did not touch as they were written", () => {
    const game = [
      "# The map",
      "map:",
      "  bounds: [[50.805, 8.762], [50.817, 8.779]] # corners",
      "views:",
      "  email: { label: { de: Briefe, en: Letters } }",
      "intro:",
      "  - headline: Hallo",
      "    image: intro/1.png",
      "",
    ].join("\n");
    const edited = editYaml(game, [{ path: ["intro", 0, "image"], remove: true }]);
    expect(edited).toBe(game.replace("    image: intro/1.png\n", ""));
  });
});
