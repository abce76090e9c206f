import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderView } from "../../test/render";
import { PostersPanel } from "./posters";

describe("the station posters", () => {
  it("are a download in the language the operator picks, German first", () => {
    renderView(<PostersPanel />);
    const link = screen.getByRole("link", { name: "Download posters (PDF)" });
    expect(link.getAttribute("href")).toBe("/api/ops/stations/posters.pdf?language=de");
    const language = screen.getByRole("combobox", { name: "Language" });
    expect(
      Array.from((language as HTMLSelectElement).options).map((option) => option.text),
    ).toEqual(["German", "German (formal)", "English"]);
    fireEvent.change(language, { target: { value: "en" } });
    expect(link.getAttribute("href")).toBe("/api/ops/stations/posters.pdf?language=en");
    expect(link.getAttribute("download")).toBe("wegmarke-station-posters-en.pdf");
  });

  it("name the languages in German for a German console", () => {
    renderView(<PostersPanel />, { language: "de" });
    const language = screen.getByRole("combobox", { name: "Sprache" });
    fireEvent.change(language, { target: { value: "de-formal" } });
    expect(
      screen.getByRole("link", { name: "Plakate herunterladen (PDF)" }).getAttribute("href"),
    ).toBe("/api/ops/stations/posters.pdf?language=de-formal");
  });
});
