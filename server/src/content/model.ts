import type { Language, StationStyle, StationView, WebAppConfig } from "@wegmarke/protocol";

/** A loaded, validated content pack: read-only for the rest of the server. */

/** A text given per language; `de` is always present (the fallback). */
export type Localized = { de: string } & Partial<Record<Exclude<Language, "de">, string>>;

export type StationTexts = {
  title: string;
  titleDone?: string;
  desc: string;
  descDone?: string;
  longDesc?: string;
  longDescDone?: string;
  author?: string;
  subject?: string;
};

export type Station = {
  id: number;
  name: string;
  character: string;
  latitude: number;
  longitude: number;
  /** maxPoints: the most the station can award. */
  points: number;
  group: string;
  view: StationView;
  style: StationStyle;
  visible: boolean | "shown" | "secret";
  live: boolean;
  /** Path below `/assets/webapp-data/`, e.g. `stations/3/elisabethkirche.jpg`. */
  image?: string;
  /** `de` always present; other languages fall back to it. */
  texts: { de: StationTexts } & Partial<Record<Exclude<Language, "de">, StationTexts>>;
  /** Compiled ink JSON per language; `de` always present, others fall back to it. */
  scripts: { de: string } & Partial<Record<Exclude<Language, "de">, string>>;
  /** Absolute path of the station's folder; its media are served from there. */
  dir: string;
};

export type GameSettings = Pick<
  WebAppConfig,
  | "apiVersion"
  | "allowTeams"
  | "registrationLess"
  | "debug"
  | "stationDistanceThreshold"
  | "allowGeolocation"
  | "allowSortbyDistance"
>;

export type ContentPack = {
  /** The story id players register with. */
  id: string;
  title: Localized;
  defaultLanguage: Language;
  settings: GameSettings;
  texts: { rejection: Localized };
  /** Sorted by id. */
  stations: Station[];
  /** Absolute path of the pack's folder. */
  dir: string;
};

/** One problem found while loading a pack: the file (relative to the pack), the line if known. */
export type ContentProblem = { file: string; line?: number; message: string };

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "ContentError";
  }
}

export function formatProblem(p: ContentProblem): string {
  return `${p.file}${p.line === undefined ? "" : `:${p.line}`}: ${p.message}`;
}

/** Picks the text for a language, falling back to German. */
export function localize<T>(
  byLanguage: { de: T } & Partial<Record<Language, T>>,
  lang: Language,
): T {
  return byLanguage[lang] ?? byLanguage.de;
}
