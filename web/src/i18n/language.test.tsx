import { screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { renderApp } from "../test/render-app";
import { setupI18n } from "./i18n";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe("language", () => {
  it("default language from configuration", async () => {
    renderApp("/login", { config: { defaultLanguage: "en" } });
    expect(await screen.findByRole("button", { name: "Participate for free" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
  });

  it("default language from configuration, German formal", async () => {
    renderApp("/help", { config: { defaultLanguage: "de-formal" } });
    expect(
      await screen.findByText("Fragen zum Spiel? Hier finden Sie die Antworten."),
    ).toBeTruthy();
  });

  it("fallback English for a text a language lacks", () => {
    void setupI18n("de");
    i18next.addResource("en", "translation", "onlyInEnglish", "Only in English");
    expect(i18next.t("onlyInEnglish" as "app.name")).toBe("Only in English");
    expect(i18next.t("app.loading")).toBe("Einen Moment …");
  });
});
