import { describe, expect, it } from "vitest";
import { apiErrorKey } from "./api-error-key";
import { resources } from "./i18n";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
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
    const empty = keysOf(texts).filter((key) => {
      const text = key.split(".").reduce<unknown>((node, part) => {
        return typeof node === "object" && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined;
      }, texts);
      return typeof text !== "string" || text.trim() === "";
    });
    expect(empty).toEqual([]);
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
  });
});
