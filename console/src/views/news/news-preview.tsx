import type { Language } from "@wegmarke/protocol";

/**
 * What the player's home shows around a news item, in the player's language: the app's own
 * texts `news.fromGame` and `news.toStation` (web/src/i18n).
 */
const playerTexts: Record<Language, { from: string; toStation: (title: string) => string }> = {
  de: { from: "Von der Spielleitung", toStation: (title) => `Zu „${title}“` },
  "de-formal": { from: "Von der Spielleitung", toStation: (title) => `Zu „${title}“` },
  en: { from: "From the game team", toStation: (title) => `To “${title}”` },
};

const htmlLanguage: Record<Language, string> = { de: "de", "de-formal": "de", en: "en" };

type Props = {
  language: Language;
  text: string;
  /** The linked station's title, or null. */
  stationTitle: string | null;
  /** Shown in place of an empty text. */
  empty: string;
};

/** A news item as the player's home shows it: the text with its line breaks, and the link. */
export function NewsPreview({ language, text, stationTitle, empty }: Props) {
  const own = playerTexts[language];
  const shown = text.trim();
  return (
    <div className="news-card" lang={htmlLanguage[language]}>
      <p className="news-card__from">{own.from}</p>
      <p className={shown === "" ? "news-card__text news-card__text--empty" : "news-card__text"}>
        {shown === "" ? empty : shown}
      </p>
      {stationTitle !== null && (
        <p className="news-card__link">
          <span>{own.toStation(stationTitle)}</span>
          <span aria-hidden="true">›</span>
        </p>
      )}
    </div>
  );
}
