import { z } from "zod";
import { languageSchema, stationStyleSchema, stationViewSchema } from "@wegmarke/protocol";

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

export const gameSchema = z.strictObject({
  id: z.string().min(1),
  title: localizedSchema,
  defaultLanguage: languageSchema,
  settings: z.strictObject({
    apiVersion: z.union([z.literal(1), z.literal(2)], { error: "expected 1 or 2" }),
    allowTeams: z.boolean(),
    registrationLess: z.boolean(),
    debug: z.boolean(),
    stationDistanceThreshold: z.number().positive(),
    allowGeolocation: z.boolean(),
    allowSortbyDistance: z.boolean(),
  }),
  texts: z.strictObject({ rejection: localizedSchema }),
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
});

export const stationSchema = z.strictObject({
  id: z.int().positive(),
  name: z.string().min(1),
  character: z.string().min(1),
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
  image: z.string().min(1).optional(),
  texts: z.strictObject({
    de: stationTextsSchema,
    "de-formal": stationTextsSchema.optional(),
    en: stationTextsSchema.optional(),
  }),
});
export type StationFile = z.infer<typeof stationSchema>;
