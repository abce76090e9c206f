import type { i18n, TFunction } from "i18next";
import { useMemo, useSyncExternalStore } from "react";
import type { Language } from "@wegmarke/protocol";
import { loadLocale, localeChains } from "./locales";

/** i18next, once started; the app renders only then (main.tsx). */
let texts: i18n | undefined;

/** Hands the started i18next to the components (startTexts; tests: test-setup.ts). */
export function provideTexts(instance: i18n): void {
  texts = instance;
}

function started(): i18n {
  if (texts === undefined) throw new Error("the texts are not started (startTexts)");
  return texts;
}

/**
 * Loads i18next and the texts of `language` side by side (both are chunks of their own: the
 * initial load holds neither, docs/performance.md) and starts it in that language.
 */
export async function startTexts(language: Language): Promise<void> {
  for (const code of localeChains[language]) void loadLocale[code]();
  const { i18next, setupI18n } = await import("./i18n");
  await setupI18n(language);
  provideTexts(i18next);
}

/** Switches the app's texts to `language`, loading them first where needed. */
export async function switchLanguage(language: Language): Promise<void> {
  const { changeLanguage } = await import("./i18n");
  await changeLanguage(language);
}

function subscribe(onChange: () => void): () => void {
  const instance = started();
  instance.on("languageChanged", onChange);
  return () => instance.off("languageChanged", onChange);
}

const currentLanguage = () => started().language;

/**
 * The texts of the current language (`t`, typed by the keys of `en`), rendering anew when the
 * language changes: what react-i18next's hook did for this app, without its 3 kB.
 */
export function useTranslation(): { t: TFunction } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  return useMemo(() => ({ t: started().getFixedT(language) }), [language]);
}
