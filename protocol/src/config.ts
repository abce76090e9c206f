import { z } from "zod";
import { imageWidths } from "./media";
import type { ImageWidth } from "./media";
import { stationViewSchema } from "./events";
import { languages } from "./languages";

export const languageSchema = z.enum(languages);

/**
 * Teams in a game: none, optional (the team page is in the menu, the game views are open to
 * players without a team) or required (the game views send players without a team to it).
 */
export const teamsSettings = ["off", "optional", "required"] as const;
export type TeamsSetting = (typeof teamsSettings)[number];

/** `/webapp/config.json`: what the app needs before sign-in, taken from the content pack. */
export const webAppConfigSchema = z.object({
  storyId: z.string().min(1),
  title: z.string(),
  apiVersion: z.union([z.literal(1), z.literal(2)]),
  accountBase: z.string(),
  gameBase: z.string(),
  assetsBase: z.string(),
  defaultLanguage: languageSchema,
  /** Spec 1: teams are on (`teams` optional or required). */
  allowTeams: z.boolean(),
  teams: z.enum(teamsSettings),
  registrationLess: z.boolean(),
  debug: z.boolean(),
  /** Metres. */
  stationDistanceThreshold: z.number().positive(),
  allowGeolocation: z.boolean(),
  allowSortbyDistance: z.boolean(),
  /**
   * Start in the browser's language (navigator.languages) when it is one of `languages`, rather
   * than in `defaultLanguage`; the language the player picks wins. Absent: false.
   */
  followBrowserLanguage: z.boolean().optional(),
  /**
   * The languages the app offers: the pack's (game.yaml `languages`, else its title's), with
   * German's formal form where a station speaks it. Absent: `defaultLanguage`.
   */
  languages: z.array(languageSchema).min(1).optional(),
  unreadMessageDelayMs: z.number().int().nonnegative(),
  timePerCharacterInMs: z.number().int().nonnegative(),
  /** The browser's bar colour (game.yaml `app.themeColor`, `#rrggbb`). Absent: the app's own. */
  themeColor: z.string().optional(),
  /** The icon an iPhone puts on its home screen, when the pack has one of its own. */
  appleTouchIcon: z.string().optional(),
});
export type WebAppConfig = z.infer<typeof webAppConfigSchema>;

/** Per-language texts of one station, shown by lists and detail views. */
export const stationContentSchema = z.object({
  title: z.string(),
  titleDone: z.string().optional(),
  desc: z.string(),
  descDone: z.string().optional(),
  longDesc: z.string().optional(),
  longDescDone: z.string().optional(),
  /** Path below the assets base. */
  imagePath: z.string().optional(),
  author: z.string().optional(),
  subject: z.string().optional(),
  /** A short message the list shows with the entry (the email view's first lines). */
  message: z.string().optional(),
  /** A media path below the assets base, or an https URL, shown with the entry. */
  content: z.string().optional(),
  view: stationViewSchema,
});
export type StationContent = z.infer<typeof stationContentSchema>;

/** One audio story, in one language (German where missing). */
export const storyContentSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  chapter: z.string(),
  headline: z.string(),
  /** May be long: paragraphs separated by blank lines, `**bold**` and `*italic*`. */
  text: z.string(),
  /** mp3 path below the assets base. */
  audioPath: z.string().optional(),
  imagePath: z.string().optional(),
  /** Listed once the player's count of stations with points is at least this. */
  requiredPoints: z.number().int().nonnegative(),
});
export type StoryContent = z.infer<typeof storyContentSchema>;

/** A crest row: shown from `finishedStories` finished stories on, until the next row. */
export const crestLevelSchema = z.object({
  finishedStories: z.number().int().nonnegative(),
  imagePath: z.string(),
  caption: z.string(),
});
export type CrestLevel = z.infer<typeof crestLevelSchema>;

export const introStepSchema = z.object({
  headline: z.string(),
  text: z.string(),
  imagePath: z.string().optional(),
});
export type IntroStep = z.infer<typeof introStepSchema>;

export const helpEntrySchema = z.object({ headline: z.string(), text: z.string() });
export type HelpEntry = z.infer<typeof helpEntrySchema>;

export const privacySchema = z.object({
  provider: z.object({ name: z.string(), address: z.array(z.string()), email: z.string() }),
  /** Paragraphs separated by blank lines, `**bold**` and `*italic*`. */
  text: z.string(),
});
export type Privacy = z.infer<typeof privacySchema>;

/** `[[south, west], [north, east]]` in degrees. */
export const mapBoundsSchema = z.tuple([
  z.tuple([z.number(), z.number()]),
  z.tuple([z.number(), z.number()]),
]);

/** The base map of /webapp/map (game.yaml `map:`): an image, raster tiles, or both. */
export const mapContentSchema = z.object({
  /** A picture below the assets base lying within `bounds`; shown over the tiles. */
  image: z.object({ path: z.string(), bounds: mapBoundsSchema }).optional(),
  /** A tile address with `{z}`, `{x}`, `{y}` (and maybe `{s}`) and its attribution. */
  tiles: z
    .object({ url: z.string(), attribution: z.string(), maxZoom: z.number().optional() })
    .optional(),
});
export type MapContent = z.infer<typeof mapContentSchema>;

/** `/webapp/content/{language}.json`: the pack's public texts in one language (German where missing). */
export const publicContentSchema = z.object({
  language: languageSchema,
  title: z.string(),
  stations: z.record(z.string(), stationContentSchema),
  /*
   * The server always sends the fields below (empty when the pack has none, `privacy` only
   * when it has one); they are optional so that the change is additive: content built before
   * them (the web app's test fixtures) stays valid.
   */
  /** Live stories keyed by story id. */
  stories: z.record(z.string(), storyContentSchema).optional(),
  /** Sorted by finishedStories: show the last row whose count the player has reached. */
  crest: z.array(crestLevelSchema).optional(),
  /** The 4 steps of /webapp/intro; empty when the pack has no intro. */
  intro: z.array(introStepSchema).optional(),
  help: z.array(helpEntrySchema).optional(),
  privacy: privacySchema.optional(),
  /** Fixed texts; home shows one at random when it has nothing else to show. */
  news: z.array(z.string()).optional(),
  /** The pack's base map; absent when the pack has none (the app then offers no map). */
  map: mapContentSchema.optional(),
  /**
   * Width and height in pixels, as shown, of each picture of the pack by its path: the app
   * keeps a picture's place before it loads, so nothing below it moves under a finger.
   */
  pictureSizes: z
    .record(z.string(), z.tuple([z.number().int().positive(), z.number().int().positive()]))
    .optional(),
  /** The pack's names of its views (menus) and a line atop each list; the app names the rest. */
  views: z
    .partialRecord(stationViewSchema, z.object({ label: z.string(), text: z.string().optional() }))
    .optional(),
});
export type PublicContent = z.infer<typeof publicContentSchema>;

/** `GET /assets/webapp-data/<path>?w=…`: a photo of the pack in one of the smaller widths. */
export const mediaSizeQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .min(imageWidths[0])
    .max(imageWidths[imageWidths.length - 1] ?? imageWidths[0])
    .refine((w): w is ImageWidth => (imageWidths as readonly number[]).includes(w), {
      message: `one of ${imageWidths.join(", ")}`,
    })
    .optional(),
});
