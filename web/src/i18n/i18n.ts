import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "@wegmarke/protocol";
import { de } from "./de";
import { deFormal } from "./de-formal";
import { en } from "./en";

export const resources = {
  de: { translation: de },
  "de-formal": { translation: deFormal },
  en: { translation: en },
} as const;

/**
 * Where a text missing in a language comes from: German formal holds only what it says
 * differently, so the informal German fills in the rest; English fills any other gap.
 */
export const fallbackLng = { "de-formal": ["de", "en"], default: ["en"] };

/** Starts i18next with every locale bundled. */
export function setupI18n(language: Language): void {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  setDocumentLanguage(language);
}

export function changeLanguage(language: Language): void {
  void i18next.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: Language): void {
  document.documentElement.lang = language === "en" ? "en" : "de";
}
