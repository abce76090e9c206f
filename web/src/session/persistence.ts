import { z } from "zod";
import { languageSchema, webAppConfigSchema } from "@wegmarke/protocol";
import type { Language, WebAppConfig } from "@wegmarke/protocol";
import { resumePlayState } from "../game/game-reducer";
import { playStateSchema, initialPlayState } from "../game/play-state";
import type { PlayState, Timing } from "../game/play-state";

/** Fixed key of the persisted config; the game cache's key is suffixed with the token. */
export const configKey = "wegmarke.config";
export const cacheKeyPrefix = "wegmarke.cache.";

/**
 * The persisted config (spec 3): debug, apiVersion, authToken, projectId, storyId, the two base
 * URLs and the last event id, and the language chosen on the device. The server's settings
 * are written as config.json has them now; the token, the last id and the language are the
 * device's.
 */
const persistedConfigSchema = z.object({
  debug: webAppConfigSchema.shape.debug,
  apiVersion: webAppConfigSchema.shape.apiVersion,
  authToken: z.string().min(1).nullable(),
  /** The project: a server plays one game pack, so this is the pack's id, as `storyId` is. */
  projectId: z.string(),
  storyId: z.string(),
  accountBase: z.string(),
  gameBase: z.string(),
  /** A copy of the cache's last event id, written with it. */
  lastEventId: z.number().int().nonnegative().nullable(),
  language: languageSchema.nullable(),
});
type PersistedConfig = z.infer<typeof persistedConfigSchema>;

/** A config stored before `debug` and `projectId` were kept still holds a valid token. */
const storedConfigSchema = persistedConfigSchema.partial({ debug: true, projectId: true });

function read<T extends z.ZodType>(key: string, schema: T): z.output<T> | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full or blocked storage only costs the resume after a reload.
    console.warn(`could not store ${key}`, error);
  }
}

/**
 * The config to start with: the server's settings, and the stored token, last event id and
 * language when they belong to the same game (story id).
 */
export function startConfig(server: WebAppConfig): PersistedConfig {
  const settings = {
    debug: server.debug,
    apiVersion: server.apiVersion,
    projectId: server.storyId,
    storyId: server.storyId,
    accountBase: server.accountBase,
    gameBase: server.gameBase,
  };
  return { ...settings, ...deviceFields(settings.storyId) };
}

/** The token and last id stored for the game `storyId` (else none), and the language. */
function deviceFields(
  storyId: string,
): Pick<PersistedConfig, "authToken" | "lastEventId" | "language"> {
  const stored = read(configKey, storedConfigSchema);
  const sameGame = stored !== null && stored.storyId === storyId;
  return {
    authToken: sameGame ? stored.authToken : null,
    lastEventId: sameGame ? stored.lastEventId : null,
    language: stored?.language ?? null,
  };
}

/**
 * Changes some fields of the stored config: the server's settings as at the start, the
 * device's fields as stored now (the game writes the last id; after a logout there is none).
 */
export function updateConfig(start: PersistedConfig, patch: Partial<PersistedConfig>): void {
  write(configKey, { ...start, ...deviceFields(start.storyId), ...patch });
}

/** The language chosen on this device, before the server's config is known. */
export function storedLanguage(): Language | null {
  return read(configKey, storedConfigSchema)?.language ?? null;
}

/**
 * The game state of a token as it was stored; without a usable cache the stream replays
 * everything (the config's last event id alone would lose the messages before it).
 */
export function loadGame(token: string, timing: Timing, now: number): PlayState {
  const cached = read(cacheKeyPrefix + token, playStateSchema);
  return cached === null ? initialPlayState(timing) : resumePlayState(cached, timing, now);
}

/** Writes the game cache and the config's last event id together. */
export function saveGame(token: string, state: PlayState): void {
  write(cacheKeyPrefix + token, state);
  const config = read(configKey, storedConfigSchema);
  if (config !== null && config.authToken === token && config.lastEventId !== state.lastEventId) {
    write(configKey, { ...config, lastEventId: state.lastEventId });
  }
}

/** Logout: the persisted config and the token's cache go. */
export function clearPersisted(token: string | null): void {
  try {
    localStorage.removeItem(configKey);
    if (token !== null) localStorage.removeItem(cacheKeyPrefix + token);
  } catch (error) {
    console.warn("could not clear the stored game", error);
  }
}

/** Account deletion (spec 4): everything this app stored on the device goes. */
export function clearStorage(): void {
  try {
    localStorage.clear();
  } catch (error) {
    console.warn("could not clear the local storage", error);
  }
}
