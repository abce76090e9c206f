import type {
  Language,
  StationStyle,
  StationTrigger,
  StationView,
  WebAppConfig,
} from "@wegmarke/protocol";
import type { CountryCode } from "libphonenumber-js/max";

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
  /** The email view's sender line. */
  author?: string;
  /** The email view's subject line. */
  subject?: string;
  /** A short message the list shows with the entry (the email view's first lines). */
  message?: string;
  /** A media path or https URL shown with the entry, like a script's `#content` line. */
  content?: string;
};

/**
 * The idle reminder: when the station waits for the player (an answer or a tap) and nothing
 * came for `afterMs` since the last message was delivered, the game service sends `text` from
 * the station's character, once per wait; `hint` instead while the wait offers a hint (the
 * character offers it). A later answer or tap starts the next wait afresh.
 */
export type Reminder = { afterMs: number; text?: Localized; hint?: Localized };

export type Station = {
  id: number;
  name: string;
  /** Who speaks the script's lines unless a line says `#from:`; German where a language lacks it. */
  character: Localized;
  latitude: number;
  longitude: number;
  /** maxPoints: the most the station can award. */
  points: number;
  group: string;
  view: StationView;
  style: StationStyle;
  visible: boolean | "shown" | "secret";
  live: boolean;
  /** Where the station opens (docs/content-authoring.md, "Where a station opens"); absent: list. */
  trigger?: StationTrigger;
  /** Metres for `near` and `qr-or-near`; `stationRadius` gives the default. */
  radius?: number;
  /** The QR link's code when the pack sets one; else derived (game/station-codes.ts). */
  code?: string;
  /** Path below `/assets/webapp-data/`, e.g. `stations/3/elisabethkirche.jpg`. */
  image?: string;
  /** `de` always present; other languages fall back to it. */
  texts: { de: StationTexts } & Partial<Record<Exclude<Language, "de">, StationTexts>>;
  /** Compiled ink JSON per language; `de` always present, others fall back to it. */
  scripts: { de: string } & Partial<Record<Exclude<Language, "de">, string>>;
  reminder?: Reminder;
  /** Absolute path of the station's folder; its media are served from there. */
  dir: string;
};

/** An audio story (`stories/<id>-<name>/story.yaml`). */
export type Story = {
  id: number;
  name: string;
  live: boolean;
  chapter: Localized;
  headline: Localized;
  text: Localized;
  /** Media path of the mp3 per language, German where missing. */
  audio?: Localized;
  image?: string;
  /**
   * The story is offered once the player has this many stations with points (spec: "stories
   * whose required points are at most the player's count of stations with points").
   */
  requiredPoints: number;
  /** Absolute path of the story's folder; its media are served from there. */
  dir: string;
};

/** One row of the crest table: shown once the player has finished `finishedStories` stories. */
export type CrestLevel = { finishedStories: number; image: string; caption: Localized };

export type IntroStep = { headline: Localized; text: Localized; image?: string };

export type HelpEntry = { headline: Localized; text: Localized };

export type Privacy = {
  /** The provider's legal address, the same in every language. */
  provider: { name: string; address: string[]; email: string };
  /** Paragraphs separated by blank lines; `**bold**` and `*italic*` as in messages. */
  text: Localized;
};

/**
 * The base map of /webapp/map: an illustrated image (a media path below `map/`) lying within
 * `bounds` `[[south, west], [north, east]]`, raster tiles, or both (the image over the tiles).
 */
export type GameMap = {
  image?: { path: string; bounds: [[number, number], [number, number]] };
  tiles?: { url: string; attribution: string; maxZoom?: number };
};

export type GameSettings = Pick<
  WebAppConfig,
  | "apiVersion"
  | "teams"
  | "registrationLess"
  | "debug"
  | "stationDistanceThreshold"
  | "allowGeolocation"
  | "allowSortbyDistance"
  | "followBrowserLanguage"
>;

/** game.yaml `app`: colours are `#rrggbb`, the icon a pack path of a square picture. */
export type AppLook = {
  shortName?: string;
  themeColor?: string;
  backgroundColor?: string;
  icon?: string;
};

/** A view's name in the app's menus and a line atop its list (game.yaml `views`). */
export type ViewNames = { label: Localized; text?: Localized };

export type ContentPack = {
  /** The story id players register with. */
  id: string;
  title: Localized;
  defaultLanguage: Language;
  /**
   * The languages the pack is written in: game.yaml's `languages`, or those of its title and
   * the default one. The app may start in one of them (`followBrowserLanguage`).
   */
  languages?: Language[];
  settings: GameSettings;
  texts: {
    rejection: Localized;
    /**
     * Said when a station restarts because its script changed under the run (game-service.ts);
     * defaults in `SCRIPT_CHANGED` where the pack has none.
     */
    scriptChanged?: Localized;
    /**
     * Said when a host rejects a mission's submission without a line of their own, where the
     * script has no `[#rejected]` choice; defaults in `MISSION_REJECTED`.
     */
    missionRejected?: Localized;
  };
  /** Sorted by id. */
  stations: Station[];
  /*
   * The loader always sets the fields below (empty when the pack has none); they are optional
   * only so that packs built by hand, in tests, need not spell them out.
   */
  /** Sorted by id. */
  stories?: Story[];
  /** Sorted by finishedStories; the first row is for 0 finished stories. */
  crest?: CrestLevel[];
  /** Exactly 4 steps, or none. */
  intro?: IntroStep[];
  help?: HelpEntry[];
  privacy?: Privacy;
  /** Missions' submissions: how many days they are kept (MISSION_KEEP_DAYS when not set). */
  missions?: { keepDays: number };
  /** When the console marks a participant as stuck (STUCK_DEFAULTS where not set). */
  gameMaster?: { stuckAfterMinutes?: number; stuckAfterWrongAnswers?: number };
  /** game.yaml's `clock`: when the game starts and ends (ISO 8601), either absent. */
  clock?: { start?: string; end?: string };
  /** Fixed texts for the home screen when it has nothing else to show. */
  news?: Localized[];
  /** Where a phone number without country code is from (ISO 3166 code, `DE` when not set). */
  phoneRegion?: CountryCode;
  /** The base map of /webapp/map; none: the app offers no map. */
  map?: GameMap;
  /** The app as a phone installs it (game.yaml `app`); none: Wegmarke's name, colours, icon. */
  app?: AppLook;
  /** The pack's own names of its views; the app names the others itself. */
  views?: Partial<Record<StationView, ViewNames>>;
  /** Absolute path of the pack's folder. */
  dir: string;
};

/** The notice of a station that restarts because its script changed, unless the pack has one. */
export const SCRIPT_CHANGED: Localized & Record<Language, string> = {
  de: "Dieser Teil der Geschichte wurde eben überarbeitet. Wir fangen hier noch einmal von vorn an.",
  "de-formal":
    "Dieser Teil der Geschichte wurde eben überarbeitet. Wir fangen hier noch einmal von vorn an.",
  en: "This part of the story was just revised. Let's start it again from the beginning.",
};

/** The character's reply to a rejected mission, unless the pack has one (texts.missionRejected). */
export const MISSION_REJECTED: Localized & Record<Language, string> = {
  de: "Hm, das ist es noch nicht ganz. Versuch es noch einmal!",
  "de-formal": "Hm, das ist es noch nicht ganz. Versuchen Sie es noch einmal!",
  en: "Hm, that's not quite it yet. Try again!",
};

/** The region of national phone numbers when game.yaml names none. */
export const DEFAULT_PHONE_REGION: CountryCode = "DE";

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

const indexes = new WeakMap<readonly { id: number }[], ReadonlyMap<number, { id: number }>>();

/**
 * The stations or stories of a pack by id, made once per list. Services look them up through
 * this on every call, so a reloaded pack (content/reload.ts) counts at once.
 */
export function indexById<T extends { id: number }>(items: readonly T[]): ReadonlyMap<number, T> {
  let index = indexes.get(items);
  if (!index) indexes.set(items, (index = new Map(items.map((item) => [item.id, item]))));
  return index as ReadonlyMap<number, T>;
}

/** Picks the text for a language, falling back to German. */
export function localize<T>(
  byLanguage: { de: T } & Partial<Record<Language, T>>,
  lang: Language,
): T {
  return byLanguage[lang] ?? byLanguage.de;
}

/** The radius of a `near` or `qr-or-near` station when station.yaml gives none. */
export const DEFAULT_STATION_RADIUS = 40;

export function stationRadius(station: Pick<Station, "radius">): number {
  return station.radius ?? DEFAULT_STATION_RADIUS;
}

/** A participant is stuck after this long without a step at a running station, or this many
 * wrong answers there, unless game.yaml's `gameMaster` says otherwise. */
export const STUCK_DEFAULTS = { stuckAfterMinutes: 20, stuckAfterWrongAnswers: 5 };

/** Days a mission's submission is kept when game.yaml's `missions.keepDays` says nothing. */
export const MISSION_KEEP_DAYS = 30;
