import i18next from "i18next";
import type { Language } from "@wegmarke/protocol";
import { loadLocale, localeChains } from "./locales";

/**
 * Where a text missing in a language comes from: German formal holds only what it says
 * differently, so the informal German fills in the rest; English fills any other gap.
 */
export const fallbackLng = { "de-formal": ["de", "en"], default: ["en"] };

const NAMESPACE = "translation";

const missingLocales = (language: Language) =>
  localeChains[language].filter((code) => !i18next.hasResourceBundle(code, NAMESPACE));

export { i18next };

/**
 * Starts i18next in `language`; resolves once its texts are there. The app loads this module
 * (and i18next with it) on demand, together with the texts: i18n/use-translation.ts.
 */
export function setupI18n(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    void i18next.init({
      lng: language,
      fallbackLng,
      // The texts arrive by addResourceBundle; an empty store to start with.
      resources: {},
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return changeLanguage(language);
}

/**
 * Switches to `language` once its texts are loaded (the screen keeps the old language until
 * then); at once when they are, as after the first switch.
 */
export async function changeLanguage(language: Language): Promise<void> {
  const missing = missingLocales(language);
  if (missing.length > 0) {
    const texts = await Promise.all(missing.map((code) => loadLocale[code]()));
    missing.forEach((code, index) => i18next.addResourceBundle(code, NAMESPACE, texts[index]));
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language === "en" ? "en" : "de";
}
