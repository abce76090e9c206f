import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { apiErrorKey } from "../api/api-error-key";
import { configDefaults, webAppConfigWithDefaults } from "../api/webapp-config";
import { newPasswordForm, registrationForm } from "../forms/form-schemas";
import { fallbackLng, resources } from "../i18n/i18n";
import { playerStatus, station } from "../test/fixtures";
import { testConfig } from "../test/render-app";
import { answerRejectedDelayMs, typingDelay } from "./game-reducer";
import { timingOf } from "./play-state";
import type { Message } from "./play-state";
import { nearestStation } from "./station-list";

// One degree of latitude is 111194.93 m (R = 6371000 m).
const metresNorth = (metres: number) => ({ latitude: metres / 111194.93, longitude: 0 });

/** A config.json that names only what has no default. */
const withoutDefaults = Object.fromEntries(
  Object.entries(testConfig).filter(([key]) => !Object.hasOwn(configDefaults, key)),
);
const defaults = webAppConfigWithDefaults.parse(withoutDefaults);

const message = (content: string, recommendationId?: string): Message => ({
  id: 1,
  stationId: 1,
  originator: "Lena",
  type: recommendationId === undefined ? "webtext" : "webtext-recommendation",
  content,
  timestamp: "",
  unread: true,
  ...(recommendationId === undefined ? {} : { recommendationId }),
});

/** A language's texts as the app shows them, fallbacks included. */
function shownIn(language: keyof typeof resources): (key: string) => string {
  const instance = i18next.createInstance();
  void instance.init({ resources, lng: language, fallbackLng, initAsync: false });
  return (key) => instance.t(key as "app.name");
}

describe("spec 9 constants", () => {
  it("password reset once per 24 hours: a 429 says so in every language", () => {
    expect(apiErrorKey("429")).toBe("apiError.429");
    expect(shownIn("de")("apiError.429")).toContain("24 Stunden");
    expect(shownIn("de-formal")("apiError.429")).toContain("24 Stunden");
    expect(shownIn("en")("apiError.429")).toContain("24 hours");
  });

  it("minimum lengths 2 and 6: a first name has at least 2 characters, a password at least 6", () => {
    const registration = { phone: "0171 1234567", privacy: true };
    expect(registrationForm.safeParse({ ...registration, firstName: "A" }).success).toBe(false);
    expect(registrationForm.safeParse({ ...registration, firstName: "Al" }).success).toBe(true);
    expect(newPasswordForm.safeParse({ password: "12345", repeat: "12345" }).success).toBe(false);
    expect(newPasswordForm.safeParse({ password: "123456", repeat: "123456" }).success).toBe(true);
  });

  it("unread message delay default 5000 ms", () => {
    expect(defaults.unreadMessageDelayMs).toBe(5000);
  });

  it("typing delay is timePerCharacterInMs (15 ms) times the text length, capped at the default", () => {
    expect(defaults.timePerCharacterInMs).toBe(15);
    const timing = timingOf(defaults);
    expect(typingDelay(message("Hallo!"), timing)).toBe(90);
    expect(typingDelay(message("x".repeat(400)), timing)).toBe(5000);
  });

  it("recommendations use the default delay", () => {
    expect(typingDelay(message("Kurz", "r1"), timingOf(defaults))).toBe(5000);
  });

  it("stationDistanceThreshold 3000: the nearest station must be closer than it", () => {
    expect(defaults.stationDistanceThreshold).toBe(3000);
    const status = playerStatus({ Stations: { "1": station({ Latitude: 0, Longitude: 0 }) } });
    expect(nearestStation(status, metresNorth(2990), 3000)?.id).toBe(1);
    expect(nearestStation(status, metresNorth(3010), 3000)).toBeNull();
  });

  it("geolocation and sort by distance allowed", () => {
    expect(defaults.allowGeolocation).toBe(true);
    expect(defaults.allowSortbyDistance).toBe(true);
  });

  it("answer-rejected delay 10 ms", () => {
    expect(answerRejectedDelayMs).toBe(10);
  });

  it("API version default 1", () => {
    expect(defaults.apiVersion).toBe(1);
    expect(webAppConfigWithDefaults.parse({ ...withoutDefaults, apiVersion: 2 }).apiVersion).toBe(
      2,
    );
  });

  it("the game pack's own settings win over the defaults", () => {
    const pack = webAppConfigWithDefaults.parse({
      ...withoutDefaults,
      unreadMessageDelayMs: 2000,
      stationDistanceThreshold: 500,
      allowSortbyDistance: false,
    });
    expect(pack).toMatchObject({
      unreadMessageDelayMs: 2000,
      stationDistanceThreshold: 500,
      allowSortbyDistance: false,
    });
  });
});
