import type { Language } from "@wegmarke/protocol";

/**
 * The texts of the SMS the server sends, in the player's language. Short (one SMS holds 160
 * characters) and without the player's name: SMS pass through third parties.
 */
const texts: Record<Language, { code: (code: string) => string; reset: (link: string) => string }> =
  {
    de: {
      code: (code) => `Dein Wegmarke-Code: ${code}`,
      reset: (link) => `Neues Passwort für Wegmarke: ${link}`,
    },
    "de-formal": {
      code: (code) => `Ihr Wegmarke-Code: ${code}`,
      reset: (link) => `Neues Passwort für Wegmarke: ${link}`,
    },
    en: {
      code: (code) => `Your Wegmarke code: ${code}`,
      reset: (link) => `New Wegmarke password: ${link}`,
    },
  };

export function codeSms(language: Language, code: string): string {
  return texts[language].code(code);
}

export function resetSms(language: Language, link: string): string {
  return texts[language].reset(link);
}
