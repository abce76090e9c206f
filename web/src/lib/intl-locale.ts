import type { Language } from "@wegmarke/protocol";

/** The Intl locale for number and date formats of an app language. */
export function intlLocale(language: Language): string {
  return language === "en" ? "en-GB" : "de-DE";
}
