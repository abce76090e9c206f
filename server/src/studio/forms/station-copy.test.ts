import { describe, expect, it } from "vitest";
import { copyName, copyStationYaml, moveMediaPaths } from "./station-copy";

describe("a station's copy", () => {
  it("moves the station's own media paths only", () => {
    const script =
      "stations/1/a.png #content\n- stations/13/b.png\nxstations/1/c.png stations/1/d.mp3";
    expect(moveMediaPaths(script, 1, 16)).toBe(
      "stations/16/a.png #content\n- stations/13/b.png\nxstations/1/c.png stations/16/d.mp3",
    );
  });

  it("finds a name no station has", () => {
    expect(copyName("markt", new Set(["markt"]))).toBe("markt-kopie");
    expect(copyName("markt", new Set(["markt-kopie", "markt-kopie-2"]))).toBe("markt-kopie-3");
  });

  it("renumbers, renames, marks the titles, moves it beside and drops the QR code", () => {
    const yaml = [
      "# Am Markt",
      "id: 1",
      "name: markt",
      "latitude: 50.8",
      "longitude: 8.7",
      "code: rathaus-2026",
      "texts:",
      "  de: { title: Markt, desc: Hier. }",
      "  en:",
      "    title: Market",
      "    desc: Here.",
      "",
    ].join("\n");
    const copy = copyStationYaml(yaml, 16, "markt-kopie");
    expect(copy).toContain("# Am Markt\nid: 16\nname: markt-kopie\nlatitude: 50.8\n");
    expect(copy).toContain("longitude: 8.7003\n");
    expect(copy).not.toContain("code:");
    expect(copy).toContain("Markt (Kopie)");
    expect(copy).toContain("title: Market (copy)\n");
  });
});
