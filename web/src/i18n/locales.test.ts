import { describe, expect, it } from "vitest";
import { apiErrorKey } from "./api-error-key";
import { resources } from "./i18n";

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

const locales = Object.entries(resources).map(([name, bundle]) => ({
  name,
  keys: keysOf(bundle.translation).sort(),
  texts: bundle.translation,
}));

describe("locales", () => {
  it.each(locales)("$name has exactly the keys of every other locale", ({ keys }) => {
    for (const other of locales) expect(keys).toEqual(other.keys);
  });

  it.each(locales)("$name has no empty text", ({ texts }) => {
    const empty = keysOf(texts).filter((key) => textAt(texts, key).trim() === "");
    expect(empty).toEqual([]);
  });

  it("German formal addresses the player as Sie, never with du", () => {
    const informal = /\b(du|dich|dir|dein\w*|euch|euer|eure\w*)\b/i;
    const { language, ...texts } = resources["de-formal"].translation;
    const leftovers = keysOf(texts).filter((key) => informal.test(textAt(texts, key)));
    expect(leftovers).toEqual([]);
    // The language picker names the informal variant by its "du".
    expect(language.de).toBe("Deutsch (du)");
  });

  it("carries the spec's required-field texts", () => {
    expect(resources.de.translation.vuelidate.required).toBe("Feld muss ausgefüllt werden");
    expect(resources.en.translation.vuelidate.required).toBe("Value is required.");
    expect(resources.en.translation.unavailable.station).toBe("Station is unavailable.");
  });
});

describe("apiErrorKey", () => {
  it("maps catalogue codes to their own text", () => {
    expect(apiErrorKey("430")).toBe("apiError.430");
  });

  it("maps codes without a text of their own to the general error", () => {
    expect(apiErrorKey("500")).toBe("apiError.000");
    expect(apiErrorKey("000", "missing or invalid input: Answer")).toBe("apiError.000");
  });

  it("tells a call that reached no server by its own text", () => {
    expect(apiErrorKey("000", "network unreachable")).toBe("apiError.offline");
  });

  it("says why the game refused a station, a story or an answer", () => {
    expect(apiErrorKey("404", "station unavailable")).toBe("apiError.stationUnavailable");
    expect(apiErrorKey("409", "station done")).toBe("apiError.stationDone");
    expect(apiErrorKey("404", "story unavailable")).toBe("apiError.storyUnavailable");
    expect(apiErrorKey("409", "story locked")).toBe("apiError.storyLocked");
    expect(apiErrorKey("409", "no answer expected")).toBe("apiError.notExpected");
    expect(apiErrorKey("409", "unknown button")).toBe("apiError.notExpected");
  });
});
