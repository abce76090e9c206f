import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { de } from "./de";
import { deFormal } from "./de-formal";
import { en } from "./en";
import { fallbackLng } from "./i18n";

const resources = {
  de: { translation: de },
  "de-formal": { translation: deFormal },
  en: { translation: en },
};

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The text at a dotted key; "" where there is none. */
function textAt(texts: unknown, key: string): string {
  const text = key.split(".").reduce<unknown>((node, part) => {
    return typeof node === "object" && node !== null
      ? (node as Record<string, unknown>)[part]
      : undefined;
  }, texts);
  return typeof text === "string" ? text : "";
}

/** The texts of a language as the app shows them: its own, else the fallback chain's. */
function shown(language: keyof typeof resources): (key: string) => string {
  const instance = i18next.createInstance();
  void instance.init({ resources, lng: language, fallbackLng, initAsync: false });
  return (key) => instance.t(key as "app.name");
}

const fullLocales = [
  { name: "de", texts: de },
  { name: "en", texts: en },
];

describe("locales", () => {
  it.each(fullLocales)("$name has exactly the keys of the fallback, English", ({ texts }) => {
    expect(keysOf(texts).sort()).toEqual(keysOf(en).sort());
  });

  it.each(fullLocales)("$name has no empty text", ({ texts }) => {
    const empty = keysOf(texts).filter((key) => textAt(texts, key).trim() === "");
    expect(empty).toEqual([]);
  });

  it("German formal holds only the texts it says differently from German", () => {
    const keys = keysOf(deFormal);
    expect(keys.filter((key) => textAt(de, key) === "")).toEqual([]);
    expect(keys.filter((key) => textAt(deFormal, key) === textAt(de, key))).toEqual([]);
  });

  it("German formal shows the German text wherever it has none of its own", () => {
    const formal = shown("de-formal");
    expect(formal("route.home")).toBe(de.route.home);
    expect(formal("home.activeStation")).toBe(deFormal.home?.activeStation);
  });

  it("German formal addresses the player as Sie, never with du, in every text it shows", () => {
    const informal = /\b(du|dich|dir|dein\w*|euch|euer|eure\w*)\b/i;
    const formal = shown("de-formal");
    // The language picker names the informal variant by its "du".
    const texts = keysOf(en).filter((key) => !key.startsWith("language."));
    expect(texts.length).toBeGreaterThan(250);
    expect(texts.filter((key) => informal.test(formal(key)))).toEqual([]);
    expect(formal("language.de")).toBe("Deutsch (du)");
  });

  it("carries the spec's required-field texts", () => {
    expect(de.vuelidate.required).toBe("Feld muss ausgefüllt werden");
    expect(en.vuelidate.required).toBe("Value is required.");
    expect(en.unavailable.station).toBe("Station is unavailable.");
  });
});
