import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";
import type { TextKey } from "./en";
import { consoleLanguages, textsOf } from "./i18n";
import type { PluralKey } from "./i18n";

const dictionaries: Record<(typeof consoleLanguages)[number], Record<TextKey, string>> = { de, en };
const placeholder = /\{(\w+)\}/g;

describe.each(consoleLanguages)("every text in %s", (language) => {
  const dictionary = dictionaries[language];
  const { t, tn } = textsOf(language);

  it("reads as it is written, each of its values filled in", () => {
    for (const key of Object.keys(dictionary) as TextKey[]) {
      const text = dictionary[key];
      const values = Object.fromEntries(
        [...text.matchAll(placeholder)].map(([, name = ""]) => [name, `<${name}>`]),
      );
      expect(t(key, values), key).toBe(text.replace(placeholder, (_, name: string) => `<${name}>`));
    }
  });

  it("takes the `_one` or `_other` form by the language's plural rules", () => {
    const rules = new Intl.PluralRules(language);
    const plurals = Object.keys(dictionary)
      .filter((key) => key.endsWith("_other"))
      .map((key) => key.slice(0, -"_other".length) as PluralKey);
    expect(plurals.length).toBeGreaterThan(20);
    for (const key of plurals) {
      for (const count of [0, 1, 2, 21]) {
        const form = rules.select(count) === "one" ? "one" : "other";
        const text = dictionary[`${key}_${form}` as TextKey];
        expect(tn(key, count), `${key} ${count}`).toBe(text.replaceAll("{count}", String(count)));
      }
    }
  });
});
