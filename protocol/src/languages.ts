/**
 * Languages of the app: German informal (default), German formal, English (fallback). Without
 * zod, so that the web app's first load can name them without loading it.
 */
export const languages = ["de", "de-formal", "en"] as const;
export type Language = (typeof languages)[number];
