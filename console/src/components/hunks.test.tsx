import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderView } from "../test/render";
import { Hunks } from "./hunks";

const hunk = (newStart: number, newLines: number, lines: string[]) => ({
  oldStart: newStart,
  oldLines: 1,
  newStart,
  newLines,
  lines,
});

describe("a text's changes", () => {
  it("say where each stands in words, not as a diff's @@ header", () => {
    renderView(
      <Hunks
        hunks={[
          hunk(3, 1, ["-Titel: Alt", "+Titel: Neu"]),
          hunk(10, 3, [" a", "+b", " c"]),
          hunk(20, 0, ["-weg"]),
        ]}
      />,
      { language: "de" },
    );
    const places = [...document.querySelectorAll(".diff__place")].map((p) => p.textContent);
    expect(places).toEqual(["Zeile 3", "Zeilen 10 bis 12", "Entfernt nach Zeile 20"]);
    expect(document.body.textContent).not.toContain("@@");
    expect(screen.getByText("+Titel: Neu").className).toContain("diff__line--added");
  });
});
