import type { PublicContent, StationStatus, StationView } from "@wegmarke/protocol";
import { isDone } from "./station-flags";

export type StationTexts = {
  title: string;
  desc: string;
  longDesc: string | null;
  /** Below the assets base. */
  imagePath: string | null;
  /** Entries and messages (custom, email, archive views): sender, subject, text, media. */
  author: string | null;
  subject: string | null;
  message: string | null;
  /** A media path below the assets base or an https URL. */
  content: string | null;
};

/**
 * A station's texts in the loaded language, the "done" variants once it is done (or, with
 * `done`, once it shows as done).
 */
export function stationTexts(
  content: PublicContent | null,
  id: number,
  station: StationStatus | undefined,
  done = station !== undefined && isDone(station),
): StationTexts {
  const texts = content?.stations[String(id)];
  const pick = (plain: string | undefined, whenDone: string | undefined) =>
    (done && whenDone) || plain || null;
  return {
    // Before the content has loaded, the station's name stands in for its title.
    title: pick(texts?.title, texts?.titleDone) ?? station?.Name ?? "",
    desc: pick(texts?.desc, texts?.descDone) ?? "",
    longDesc: pick(texts?.longDesc, texts?.longDescDone),
    imagePath: texts?.imagePath ?? null,
    author: texts?.author || null,
    subject: texts?.subject || null,
    message: texts?.message || null,
    content: texts?.content || null,
  };
}

/** The title a station is shown by: a message (email view) by its subject where it has one. */
export function displayTitle(texts: StationTexts, view: StationView): string {
  return view === "email" ? (texts.subject ?? texts.title) : texts.title;
}
