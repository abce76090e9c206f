import { cleanup, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../test/fake-event-source";
import { renderApp } from "../test/render-app";
import { setupI18n } from "./i18n";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

  it("starts in the browser's language where the pack follows it, within its languages", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US", "en"]);
    renderApp("/login", { config: { followBrowserLanguage: true, languages: ["de", "en"] } });
    expect(await screen.findByRole("button", { name: "Participate for free" })).toBeTruthy();
  });

  it("keeps the pack's default for a browser language the pack lacks, or without the setting", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US", "en"]);
    renderApp("/login", { config: { followBrowserLanguage: true, languages: ["de"] } });
    expect(await screen.findByRole("button", { name: "Kostenlos mitmachen" })).toBeTruthy();
    cleanup();
    renderApp("/login", { config: { languages: ["de", "en"] } });
    expect(await screen.findByRole("button", { name: "Kostenlos mitmachen" })).toBeTruthy();
  });

  it("the language picked on the device wins over the browser's", async () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["en-US", "en"]);
    const stored = { apiVersion: 1, storyId: "marburg", accountBase: "/api/account/" };
    localStorage.setItem(
      "wegmarke.config",
      JSON.stringify({
        ...stored,
        gameBase: "/api/game/",
        authToken: null,
        lastEventId: null,
        language: "de-formal",
      }),
    );
    renderApp("/login", { config: { followBrowserLanguage: true, languages: ["de", "en"] } });
    expect(
      await screen.findByText("Ohne Anmeldung. Ihr Spielstand bleibt auf diesem Gerät."),
    ).toBeTruthy();
  });

  it("fallback English for a text a language lacks", () => {
    void setupI18n("de");
    i18next.addResource("en", "translation", "onlyInEnglish", "Only in English");
    expect(i18next.t("onlyInEnglish" as "app.name")).toBe("Only in English");
    expect(i18next.t("app.loading")).toBe("Einen Moment …");
  });
});
