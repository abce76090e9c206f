import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setupI18n } from "../i18n/i18n";
import { LanguagePicker } from "./language-picker";

beforeEach(() => {
  void setupI18n("de");
});

const names = () => screen.queryAllByRole("button").map((button) => button.textContent);

describe("the language picker", () => {
  it("offers the game's languages only: no formal German in a German and English game", () => {
    const onChange = vi.fn();
    render(<LanguagePicker language="de" offered={["en", "de"]} onChange={onChange} />);
    expect(names()).toEqual(["Deutsch", "English"]);
    expect(screen.getByRole("button", { name: "Deutsch" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    expect(onChange).toHaveBeenCalledWith("en");
  });

  it("offers all three where the game names no languages, and none where it has one", () => {
    const { unmount } = render(<LanguagePicker language="de" onChange={() => undefined} />);
    expect(names()).toEqual(["Deutsch (du)", "Deutsch (Sie)", "English"]);
    unmount();
    render(<LanguagePicker language="en" offered={["en"]} onChange={() => undefined} />);
    expect(names()).toEqual([]);
    expect(screen.queryByRole("group")).toBeNull();
  });
});
