import { publicContentSchema } from "@wegmarke/protocol";
import type { Language, PublicContent, WebAppConfig } from "@wegmarke/protocol";
import { requestJson } from "./http";
import { appBase as base } from "../lib/app-base";
import { webAppConfigWithDefaults } from "./webapp-config";

/** `/webapp/config.json`: what the app needs before sign-in; spec 9's defaults fill gaps. */
export function fetchConfig(): Promise<WebAppConfig> {
  return requestJson(`${base}config.json`, { method: "GET" }, webAppConfigWithDefaults);
}

/** `/webapp/content/{language}.json`: station titles, descriptions and images. */
export function fetchContent(language: Language): Promise<PublicContent> {
  return requestJson(`${base}content/${language}.json`, { method: "GET" }, publicContentSchema);
}

/** Texts started ahead of the session (`prefetchContent`), for its first `loadContent`. */
let ahead: { language: Language; content: Promise<PublicContent> } | undefined;

/**
 * Starts loading the texts of `language` before the session asks for them: with config.json,
 * while the app's code still loads (app/app.tsx); the signed-in home waits for them.
 */
export function prefetchContent(language: Language): void {
  const content = fetchContent(language);
  // Whoever takes it handles a failure.
  content.catch(() => undefined);
  ahead = { language, content };
}

/** The texts of `language`: the ones started ahead the first time, when of that language. */
export function loadContent(language: Language): Promise<PublicContent> {
  const started = ahead;
  ahead = undefined;
  return started?.language === language ? started.content : fetchContent(language);
}
