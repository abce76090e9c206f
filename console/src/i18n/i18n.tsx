import { createInstance } from "i18next";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { ExportSeparator } from "@wegmarke/protocol";
import { de } from "./de";
import { en } from "./en";
import type { TextKey } from "./en";

/** The console's languages; English is the fallback for every other browser language. */
export const consoleLanguages = ["de", "en"] as const;
export type ConsoleLanguage = (typeof consoleLanguages)[number];

/** Dates and numbers in the language's usual form. */
const locales: Record<ConsoleLanguage, string> = { de: "de-DE", en: "en-GB" };

/** What a spreadsheet of the console's language splits on: German Excel `;`, English `,`. */
export const usualSeparator: Record<ConsoleLanguage, ExportSeparator> = {
  de: "semicolon",
  en: "comma",
};

/**
 * i18next, as the player app uses it (decisions/049), with both languages' texts at hand: their
 * keys are flat (a dot is part of the key), `{name}` marks a value, English fills a gap, and a
 * count picks the `_one` or `_other` form by the language's plural rules.
 */
const i18next = createInstance();
void i18next.init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: "en",
  fallbackLng: "en",
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; a value left unnamed stays as its placeholder.
  interpolation: { escapeValue: false, prefix: "{", suffix: "}", skipOnVariables: true },
  initAsync: false,
});

/** Where the operator's choice is kept, in this browser only. */
export const LANGUAGE_KEY = "wegmarke-console-language";

/** The keys with `_one`/`_other` forms, without the suffix: what `tn` takes. */
export type PluralKey = TextKey extends infer K
  ? K extends `${infer Base}_other`
    ? Base
    : never
  : never;

export type Values = Record<string, string | number>;

const isLanguage = (value: string | null): value is ConsoleLanguage =>
  (consoleLanguages as readonly (string | null)[]).includes(value);

/**
 * The language to show: the one stored, else the first of the browser's languages the console
 * has (by its primary subtag: `de-AT` is German), else English.
 */
export function pickLanguage(stored: string | null, browser: readonly string[]): ConsoleLanguage {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split("-")[0] ?? "";
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/** `{name}` in `text` replaced by its value, as `t` fills its texts; one without a value stays. */
export function fill(text: string, values: Values = {}): string {
  return i18next.services.interpolator.interpolate(text, values, "en", {});
}

export type Texts = {
  language: ConsoleLanguage;
  /** BCP 47 locale for Intl. */
  locale: string;
  t: (key: TextKey, values?: Values) => string;
  /** The `_one` or `_other` form of `key` for `count` (also filled in as `{count}`). */
  tn: (key: PluralKey, count: number, values?: Values) => string;
};

/** The texts of one language. */
export function textsOf(language: ConsoleLanguage): Texts {
  const translate = i18next.getFixedT(language);
  // The values go as `replace`, so that none is taken for one of i18next's options.
  return {
    language,
    locale: locales[language],
    t: (key, values = {}) => translate(key, { replace: values }),
    tn: (key, count, values) => translate(key, { count, replace: { count, ...values } }),
  };
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Storage may be off (a private window's settings): the browser's language then.
    return null;
  }
}

type I18n = Texts & { setLanguage: (language: ConsoleLanguage) => void };

const I18nContext = createContext<I18n | null>(null);

/** Gives the texts to the console; the operator's choice of language is stored. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState(() =>
    pickLanguage(storedLanguage(), navigator.languages ?? [navigator.language]),
  );
  const setLanguage = useCallback((next: ConsoleLanguage) => {
    setState(next);
    try {
      localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // Not kept beyond this page: nothing else is lost.
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => ({ ...textsOf(language), setLanguage }), [language, setLanguage]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (i18n === null) throw new Error("useI18n outside I18nProvider");
  return i18n;
}
