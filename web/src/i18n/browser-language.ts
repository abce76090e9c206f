import type { Language, WebAppConfig } from "@wegmarke/protocol";

type LanguageSettings = Pick<
  WebAppConfig,
  "defaultLanguage" | "followBrowserLanguage" | "languages"
>;

/**
 * The language a visitor starts in who has not picked one. With the pack's
 * `followBrowserLanguage`, the first of the browser's languages (navigator.languages, in the
 * visitor's order of preference) that the pack is written in; otherwise, and when none of them
 * is, the pack's default. German from the browser is the pack's own German: its default when
 * that is German (informal or formal), else whichever German the pack has.
 */
export function startLanguage(settings: LanguageSettings, browser: readonly string[]): Language {
  const { defaultLanguage, followBrowserLanguage = false } = settings;
  if (!followBrowserLanguage) return defaultLanguage;
  const offered = settings.languages ?? [defaultLanguage];
  const german: readonly Language[] =
    defaultLanguage === "en" ? ["de", "de-formal"] : [defaultLanguage, "de", "de-formal"];
  for (const tag of browser) {
    const primary = tag.toLowerCase().split("-")[0];
    const candidates = primary === "en" ? (["en"] as const) : primary === "de" ? german : [];
    const found = candidates.find((language) => offered.includes(language));
    if (found !== undefined) return found;
  }
  return defaultLanguage;
}

/** The browser's languages in its order of preference (none where it tells none). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  const { languages, language } = navigator as Partial<Navigator>;
  if (languages !== undefined && languages.length > 0) return languages;
  return language === undefined ? [] : [language];
}
