import { publicContentSchema } from "@wegmarke/protocol";
import type { Language, PublicContent, WebAppConfig } from "@wegmarke/protocol";
import { requestJson } from "./http";
import { webAppConfigWithDefaults } from "./webapp-config";

const base = import.meta.env.BASE_URL;

/** `/webapp/config.json`: what the app needs before sign-in; spec 9's defaults fill gaps. */
export function fetchConfig(): Promise<WebAppConfig> {
  return requestJson(`${base}config.json`, { method: "GET" }, webAppConfigWithDefaults);
}

/** `/webapp/content/{language}.json`: station titles, descriptions and images. */
export function fetchContent(language: Language): Promise<PublicContent> {
  return requestJson(`${base}content/${language}.json`, { method: "GET" }, publicContentSchema);
}
