import type { Language } from "@wegmarke/protocol";
import { localize } from "../content/model";
import type { Localized } from "../content/model";

/**
 * The texts of the SMS the server sends, in the player's language, signed with the game's title
 * (game.yaml's `title`). Short (one SMS holds 160 characters) and without the player's name:
 * SMS pass through third parties.
 */
const texts: Record<
  Language,
  { code: (code: string, game: string) => string; reset: (link: string, game: string) => string }
> = {
  de: {
    code: (code, game) => `Dein Code für ${game}: ${code}`,
    reset: (link, game) => `Neues Passwort für ${game}: ${link}`,
  },
  "de-formal": {
    code: (code, game) => `Ihr Code für ${game}: ${code}`,
    reset: (link, game) => `Neues Passwort für ${game}: ${link}`,
  },
  en: {
    code: (code, game) => `Your code for ${game}: ${code}`,
    reset: (link, game) => `New password for ${game}: ${link}`,
  },
};

export function codeSms(language: Language, code: string, title: Localized): string {
  return texts[language].code(code, localize(title, language));
}

export function resetSms(language: Language, link: string, title: Localized): string {
  return texts[language].reset(link, localize(title, language));
}
