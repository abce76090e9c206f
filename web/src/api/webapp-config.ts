import { webAppConfigSchema } from "@wegmarke/protocol";
import type { WebAppConfig } from "@wegmarke/protocol";

/**
 * Spec 9's defaults for the settings a `/webapp/config.json` may leave out (a pack or server
 * that predates them): API version 1, a 5000 ms unread-message delay, 15 ms typing time per
 * character, a station distance threshold of 3000 m, geolocation and sorting by distance allowed.
 */
export const configDefaults = {
  apiVersion: 1,
  unreadMessageDelayMs: 5000,
  timePerCharacterInMs: 15,
  stationDistanceThreshold: 3000,
  allowGeolocation: true,
  allowSortbyDistance: true,
} as const satisfies Partial<WebAppConfig>;

const { shape } = webAppConfigSchema;

/** The protocol's config schema with spec 9's defaults filled in. */
export const webAppConfigWithDefaults = webAppConfigSchema.extend({
  apiVersion: shape.apiVersion.default(configDefaults.apiVersion),
  unreadMessageDelayMs: shape.unreadMessageDelayMs.default(configDefaults.unreadMessageDelayMs),
  timePerCharacterInMs: shape.timePerCharacterInMs.default(configDefaults.timePerCharacterInMs),
  stationDistanceThreshold: shape.stationDistanceThreshold.default(
    configDefaults.stationDistanceThreshold,
  ),
  allowGeolocation: shape.allowGeolocation.default(configDefaults.allowGeolocation),
  allowSortbyDistance: shape.allowSortbyDistance.default(configDefaults.allowSortbyDistance),
});
