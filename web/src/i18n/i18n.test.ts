import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { de } from "./de";
import { deFormal } from "./de-formal";
import { en } from "./en";
import { changeLanguage, setupI18n } from "./i18n";

// test-setup.ts holds every language; these tests drop some to see them load on demand.
afterEach(() => {
  i18next.addResourceBundle("de", "translation", de);
  i18next.addResourceBundle("de-formal", "translation", deFormal);
  i18next.addResourceBundle("en", "translation", en);
  void setupI18n("de");
});

describe("texts on demand", () => {
  it("a switch loads the language's texts first, then shows them", async () => {
    i18next.removeResourceBundle("en", "translation");
    await setupI18n("de");
    expect(i18next.hasResourceBundle("en", "translation")).toBe(false);
    await changeLanguage("en");
    expect(i18next.hasResourceBundle("en", "translation")).toBe(true);
    expect(i18next.t("app.loading")).toBe(en.app.loading);
    expect(document.documentElement.lang).toBe("en");
  });

  it("German formal loads the German it overrides, which fills its gaps", async () => {
    i18next.removeResourceBundle("de", "translation");
    i18next.removeResourceBundle("de-formal", "translation");
    await changeLanguage("de-formal");
    expect(i18next.t("home.activeStation")).toBe(deFormal.home?.activeStation);
    expect(i18next.t("route.home")).toBe(de.route.home);
    expect(document.documentElement.lang).toBe("de");
  });

  it("switches at once to a language already loaded", () => {
    void changeLanguage("en");
    expect(i18next.language).toBe("en");
    expect(i18next.t("app.loading")).toBe(en.app.loading);
  });
});
