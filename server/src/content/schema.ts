import { isSupportedCountry } from "libphonenumber-js/max";
import type { CountryCode } from "libphonenumber-js/max";
import { z } from "zod";
import {
  MAX_ID,
  languageSchema,
  stationStyleSchema,
  stationTriggerSchema,
  stationViewSchema,
  teamsSettings,
} from "@wegmarke/protocol";
import { parseDuration } from "../engine/duration";
import { gameMasterKeys } from "./game-master-schema";
import { mapSchema } from "./map-schema";
import { DEFAULT_PHONE_REGION } from "./model";

/** The yaml files of a content pack (docs/content-authoring.md). Unknown keys are errors. */

/** A text per language, or one plain string that serves every language (stored as `de`). */
export const localizedSchema = z.preprocess(
  (value) => (typeof value === "string" ? { de: value } : value),
  z.strictObject({
    de: z.string(),
    "de-formal": z.string().optional(),
    en: z.string().optional(),
  }),
);

/** The server's own lines: `rejection` required, the others have defaults (content/model.ts). */
const textsSchema = z.strictObject({
  rejection: localizedSchema,
  scriptChanged: localizedSchema.optional(),
  missionRejected: localizedSchema.optional(),
});

const DURATION_ERROR = "expected a duration like 30s, 10m or 2h";

/** `30s`, `10m`, `2h` (the same as a script's `#delay:`), as milliseconds. */
const durationSchema = z.string({ error: DURATION_ERROR }).transform((text, ctx) => {
  const ms = parseDuration(text);
  if (ms !== undefined && ms > 0) return ms;
  ctx.issues.push({ code: "custom", input: text, message: DURATION_ERROR });
  return z.NEVER;
});

/** A media path below `/assets/webapp-data/`; the loader checks that the file exists. */
const mediaSchema = z.string().min(1);

const colorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "expected a colour like #c2562f" });

/** game.yaml `app`: the app as a phone installs it (its web manifest, the home screen icon). */
const appSchema = z.strictObject({
  /** The name under the icon; without it the title, when it fits. */
  shortName: z
    .string()
    .trim()
    .min(1)
    .max(12, { error: "at most 12 characters: what fits under an icon" })
    .optional(),
  themeColor: colorSchema.optional(),
  backgroundColor: colorSchema.optional(),
  /** A square picture, 512 pixels or more: the app's icon in every size. */
  icon: mediaSchema.optional(),
});

const crestLevelSchema = z.strictObject({ image: mediaSchema, caption: localizedSchema });

/** `crest:` keyed by the count of finished stories; read as rows sorted by that count. */
const crestSchema = z
  .record(
    z
      .string()
      .regex(/^(0|[1-9][0-9]*)$/, { error: "expected a count of finished stories: 0, 1, 2, …" }),
    crestLevelSchema,
  )
  .refine((table) => "0" in table, { error: "needs a row for 0 finished stories" })
  .transform((table) =>
    Object.entries(table)
      .map(([count, level]) => ({ finishedStories: Number(count), ...level }))
      .sort((a, b) => a.finishedStories - b.finishedStories),
  );

const headedTextSchema = z.strictObject({ headline: localizedSchema, text: localizedSchema });

const privacySchema = z.strictObject({
  provider: z.strictObject({
    name: z.string().min(1),
    address: z.array(z.string().min(1)).min(1),
    email: z.email(),
  }),
  text: localizedSchema,
});

/** game.yaml `settings.teams`: no teams, teams to join if one likes, or play only in a team. */
const teamsSchema = z.enum(teamsSettings, {
  // A missing value is reported as any missing key is.
  error: (issue) => (issue.input === undefined ? "required" : "expected off, optional or required"),
});

/**
 * The older form of `teams`, `allowTeams`, as `teams`: true made teams compulsory (`required`),
 * false had none (`off`). Given together with `teams`, it stays and counts as an unknown key.
 */
function olderAllowTeams(settings: unknown): unknown {
  if (typeof settings !== "object" || settings === null || !("allowTeams" in settings)) {
    return settings;
  }
  if ("teams" in settings) return settings;
  const { allowTeams, ...rest } = settings;
  const teams: unknown =
    allowTeams === true ? "required" : allowTeams === false ? "off" : allowTeams;
  return { ...rest, teams };
}

export const gameSchema = z.strictObject({
  id: z.string().min(1),
  title: localizedSchema,
  defaultLanguage: languageSchema,
  // The spec's defaults where it gives one (section 9: "API version default 1",
  // "stationDistanceThreshold 3000", "Geolocation and sort by distance allowed").
  settings: z.preprocess(
    olderAllowTeams,
    z.strictObject({
      apiVersion: z.union([z.literal(1), z.literal(2)], { error: "expected 1 or 2" }).default(1),
      teams: teamsSchema,
      registrationLess: z.boolean(),
      debug: z.boolean(),
      stationDistanceThreshold: z.number().positive().default(3000),
      allowGeolocation: z.boolean().default(true),
      allowSortbyDistance: z.boolean().default(true),
      /** The app starts in the browser's language where the pack has it (else defaultLanguage). */
      followBrowserLanguage: z.boolean().default(false),
    }),
  ),
  /**
   * The languages the pack is written in, checked for a translation in every station and story
   * (warnings only). Without it: the languages `title` is given in, and `defaultLanguage`.
   */
  languages: z
    .array(languageSchema)
    .min(1, { error: "list at least one language, like [de, en]" })
    .optional(),
  texts: textsSchema,
  crest: crestSchema.optional(),
  intro: z
    .array(headedTextSchema.extend({ image: mediaSchema.optional() }))
    .length(4, { error: "expected exactly 4 steps" })
    .default([]),
  help: z.array(headedTextSchema).default([]),
  privacy: privacySchema.optional(),
  /** What players send for missions is erased this many days after it came (default 30). */
  missions: z.strictObject({ keepDays: z.number().int().min(1).max(3650) }).optional(),
  ...gameMasterKeys,
  news: z.array(localizedSchema).default([]),
  phoneRegion: z
    .string()
    .refine((code): code is CountryCode => isSupportedCountry(code), {
      error: "expected a country's two-letter code, such as DE, AT or CH",
    })
    .default(DEFAULT_PHONE_REGION),
  map: mapSchema.optional(),
  app: appSchema.optional(),
  /** What the app calls a view in its menus, and a line atop its list (see "Views and styles"). */
  views: z
    .partialRecord(
      stationViewSchema,
      z.strictObject({ label: localizedSchema, text: localizedSchema.optional() }),
    )
    .optional(),
});
export type GameFile = z.infer<typeof gameSchema>;

const stationTextsSchema = z.strictObject({
  title: z.string(),
  titleDone: z.string().optional(),
  desc: z.string(),
  descDone: z.string().optional(),
  longDesc: z.string().optional(),
  longDescDone: z.string().optional(),
  author: z.string().optional(),
  subject: z.string().optional(),
  message: z.string().optional(),
  content: z.string().min(1).optional(),
});

export const stationSchema = z.strictObject({
  // Ids are stored as the database's integer, and requests carry no larger one.
  id: z.int().positive().max(MAX_ID),
  name: z.string().min(1),
  /** Who speaks the script's lines: one name, or a name per language like every text. */
  character: z.preprocess(
    (value) => (typeof value === "string" ? { de: value } : value),
    z.strictObject({
      de: z.string().min(1),
      "de-formal": z.string().min(1).optional(),
      en: z.string().min(1).optional(),
    }),
  ),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  points: z.int().nonnegative(),
  group: z.string().default(""),
  view: stationViewSchema.default("station"),
  style: stationStyleSchema.default("game-station"),
  visible: z
    .union([z.boolean(), z.literal("shown"), z.literal("secret")], {
      error: 'expected true, false, "shown" or "secret"',
    })
    .default(true),
  live: z.boolean().default(true),
  /**
   * Where the station opens: from the list, through its QR code, near its place, or either.
   * Absent means `list` (left out, so a loaded station without it is what it was before).
   */
  trigger: z
    .enum(stationTriggerSchema.options, {
      error: 'expected "list", "qr", "near" or "qr-or-near"',
    })
    .optional(),
  /** Metres around the place for `near` and `qr-or-near` (default 40). */
  radius: z.number().positive().max(100_000).optional(),
  /** The QR link's code (`/webapp/s/{code}`); without it, one derived from the server's secret. */
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, {
      error: "expected 8 to 64 letters, digits, - or _ (hard to guess: the code opens the station)",
    })
    .optional(),
  image: mediaSchema.optional(),
  texts: z.strictObject({
    de: stationTextsSchema,
    "de-formal": stationTextsSchema.optional(),
    en: stationTextsSchema.optional(),
  }),
  reminder: z
    .strictObject({
      after: durationSchema,
      text: localizedSchema.optional(),
      hint: localizedSchema.optional(),
    })
    .refine((reminder) => reminder.text !== undefined || reminder.hint !== undefined, {
      error: "give the reminder's text, its hint (said when the station offers one), or both",
    })
    .transform(({ after, ...texts }) => ({ afterMs: after, ...texts }))
    .optional(),
});
export type StationFile = z.infer<typeof stationSchema>;

export const storySchema = z.strictObject({
  id: z.int().positive().max(MAX_ID),
  name: z.string().min(1),
  live: z.boolean().default(true),
  chapter: localizedSchema,
  headline: localizedSchema,
  text: localizedSchema,
  /** mp3 per language, or one for all. */
  audio: localizedSchema.optional(),
  image: mediaSchema.optional(),
  requiredPoints: z.int().nonnegative(),
});
export type StoryFile = z.infer<typeof storySchema>;

/*
 * What the checks across the pack (points, crest, media, recommendations, translations) read
 * from game.yaml, a station.yaml or a story.yaml: these keys count as soon as they are right,
 * whatever is wrong with the others. game.yaml's sections are read each on its own.
 */
const eachOnItsOwn = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const gameSummarySchema = z.object({
  title: eachOnItsOwn(gameSchema.shape.title),
  defaultLanguage: eachOnItsOwn(gameSchema.shape.defaultLanguage),
  languages: eachOnItsOwn(gameSchema.shape.languages),
  crest: eachOnItsOwn(gameSchema.shape.crest),
  intro: eachOnItsOwn(gameSchema.shape.intro),
  map: eachOnItsOwn(gameSchema.shape.map),
  app: eachOnItsOwn(gameSchema.shape.app),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

export const stationSummarySchema = z.object({
  name: stationSchema.shape.name,
  points: stationSchema.shape.points,
  live: stationSchema.shape.live,
  visible: stationSchema.shape.visible,
  code: stationSchema.shape.code,
  // Where the station is and what it is called, for the warnings about places and titles.
  latitude: eachOnItsOwn(stationSchema.shape.latitude),
  longitude: eachOnItsOwn(stationSchema.shape.longitude),
  texts: eachOnItsOwn(stationSchema.shape.texts),
});
export type StationSummary = z.infer<typeof stationSummarySchema>;

export const storySummarySchema = z.object({
  live: storySchema.shape.live,
  requiredPoints: storySchema.shape.requiredPoints,
});
export type StorySummary = z.infer<typeof storySummarySchema>;
