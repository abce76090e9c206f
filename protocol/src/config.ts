import { z } from "zod";
import { stationViewSchema } from "./events";

/** Languages of the app: German informal (default), German formal, English (fallback). */
export const languages = ["de", "de-formal", "en"] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** `/webapp/config.json`: what the app needs before sign-in, taken from the content pack. */
export const webAppConfigSchema = z.object({
  storyId: z.string().min(1),
  title: z.string(),
  apiVersion: z.union([z.literal(1), z.literal(2)]),
  accountBase: z.string(),
  gameBase: z.string(),
  assetsBase: z.string(),
  defaultLanguage: languageSchema,
  allowTeams: z.boolean(),
  registrationLess: z.boolean(),
  debug: z.boolean(),
  /** Metres. */
  stationDistanceThreshold: z.number().positive(),
  allowGeolocation: z.boolean(),
  allowSortbyDistance: z.boolean(),
  unreadMessageDelayMs: z.number().int().nonnegative(),
  timePerCharacterInMs: z.number().int().nonnegative(),
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
  view: stationViewSchema,
});
export type StationContent = z.infer<typeof stationContentSchema>;

/** `/webapp/content/{language}.json`: the pack's public texts in one language (German where missing). */
export const publicContentSchema = z.object({
  language: languageSchema,
  title: z.string(),
  stations: z.record(z.string(), stationContentSchema),
});
export type PublicContent = z.infer<typeof publicContentSchema>;
