import type { Language } from "@wegmarke/protocol";
import type { Locale, LocaleOverrides } from "./locale";

/**
 * Each language's texts are a chunk of their own, loaded when the player picks the language:
 * a phone downloads the texts it shows. German formal needs the German it overrides as well.
 * English, the last fallback, is not loaded for the others: `Locale` holds every key, so German
 * lacks none (i18n/locales.test.ts).
 */
export const localeChains: Record<Language, readonly Language[]> = {
  de: ["de"],
  "de-formal": ["de", "de-formal"],
  en: ["en"],
};

/** The texts of one locale (German formal: only its overrides). */
export const loadLocale: Record<Language, () => Promise<Locale | LocaleOverrides>> = {
  de: () => import("./de").then((module) => module.de),
  "de-formal": () => import("./de-formal").then((module) => module.deFormal),
  en: () => import("./en").then((module) => module.en),
};
