import { describe, expect, it } from "vitest";
import type { Language } from "@wegmarke/protocol";
import { startLanguage } from "./browser-language";

const follow = { defaultLanguage: "de", followBrowserLanguage: true } as const;

describe("the language a visitor starts in", () => {
  it("is the pack's default unless the pack follows the browser", () => {
    expect(startLanguage({ defaultLanguage: "de", languages: ["de", "en"] }, ["en-US"])).toBe("de");
    expect(
      startLanguage({ ...follow, followBrowserLanguage: false, languages: ["de", "en"] }, ["en"]),
    ).toBe("de");
  });

  it("follows the browser within the pack's languages, in the browser's order", () => {
    const pack = { ...follow, languages: ["de", "en"] as Language[] };
    expect(startLanguage(pack, ["en-US", "en"])).toBe("en");
    expect(startLanguage(pack, ["fr-FR", "en-GB", "de"])).toBe("en");
    expect(startLanguage(pack, ["de-AT", "en"])).toBe("de");
    expect(startLanguage(pack, ["EN"])).toBe("en");
  });

  it("falls back to the default when the browser speaks none of the pack's languages", () => {
    expect(startLanguage({ ...follow, languages: ["de", "en"] }, ["fr-FR", "it"])).toBe("de");
    expect(startLanguage({ ...follow, languages: ["de"] }, ["en-US"])).toBe("de");
    expect(startLanguage({ ...follow, languages: ["de", "en"] }, [])).toBe("de");
    // Without the list of the pack's languages, only the default is known.
    expect(startLanguage(follow, ["en-US"])).toBe("de");
  });

  it("takes German from the browser as the pack's German", () => {
    expect(
      startLanguage(
        {
          defaultLanguage: "de-formal",
          followBrowserLanguage: true,
          languages: ["de-formal", "en"],
        },
        ["de-DE"],
      ),
    ).toBe("de-formal");
    expect(
      startLanguage(
        { defaultLanguage: "en", followBrowserLanguage: true, languages: ["en", "de-formal"] },
        ["de-CH", "en"],
      ),
    ).toBe("de-formal");
    expect(
      startLanguage(
        {
          defaultLanguage: "en",
          followBrowserLanguage: true,
          languages: ["en", "de", "de-formal"],
        },
        ["de"],
      ),
    ).toBe("de");
  });
});
