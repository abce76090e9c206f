import { languages } from "@wegmarke/protocol";
import type { Language, WebAppConfig } from "@wegmarke/protocol";
import { storagePrefix } from "../lib/app-base";

/** Fixed key of the persisted config; the game cache's key is suffixed with the token. */
export const configKey = `${storagePrefix}config`;
export const cacheKeyPrefix = `${storagePrefix}cache.`;
/** What the player read, shared by the app's tabs (session/read-sync.ts), suffixed with the token. */
export const readKeyPrefix = `${storagePrefix}read.`;

/**
 * The persisted config (spec 3): debug, apiVersion, authToken, projectId, storyId, the two base
 * URLs and the last event id, and the language chosen on the device. The server's settings
 * are written as config.json has them now; the token, the last id and the language are the
 * device's.
 */
export type PersistedConfig = {
  debug: boolean;
  apiVersion: WebAppConfig["apiVersion"];
  /** Not empty. */
  authToken: string | null;
  /** The project: a server plays one game pack, so this is the pack's id, as `storyId` is. */
  projectId: string;
  storyId: string;
  accountBase: string;
  gameBase: string;
  /** A copy of the cache's last event id, written with it: a whole number from 0. */
  lastEventId: number | null;
  language: Language | null;
};

/** A config stored before `debug` and `projectId` were kept still holds a valid token. */
type StoredConfig = Omit<PersistedConfig, "debug" | "projectId"> &
  Partial<Pick<PersistedConfig, "debug" | "projectId">>;

const isString = (value: unknown): value is string => typeof value === "string";

/**
 * The stored config when it has the persisted config's shape, else null. Checked by hand, not
 * with a zod schema: the app reads it at start, before zod is loaded (docs/performance.md).
 */
export function storedConfigOf(value: unknown): StoredConfig | null {
  if (typeof value !== "object" || value === null) return null;
  const config = value as Record<keyof PersistedConfig, unknown>;
  const { authToken, lastEventId, language } = config;
  const valid =
    (config.debug === undefined || typeof config.debug === "boolean") &&
    (config.apiVersion === 1 || config.apiVersion === 2) &&
    (authToken === null || (isString(authToken) && authToken !== "")) &&
    (config.projectId === undefined || isString(config.projectId)) &&
    isString(config.storyId) &&
    isString(config.accountBase) &&
    isString(config.gameBase) &&
    (lastEventId === null || (Number.isSafeInteger(lastEventId) && Number(lastEventId) >= 0)) &&
    (language === null || languages.some((known) => known === language));
  if (!valid) return null;
  // Only the known fields, as a schema would keep them.
  const stored = value as StoredConfig;
  const { apiVersion, storyId, accountBase, gameBase } = stored;
  return {
    ...(stored.debug === undefined ? {} : { debug: stored.debug }),
    ...(stored.projectId === undefined ? {} : { projectId: stored.projectId }),
    apiVersion,
    authToken: stored.authToken,
    storyId,
    accountBase,
    gameBase,
    lastEventId: stored.lastEventId,
    language: stored.language,
  };
}

/** The stored item `key` as `check` reads it; null when missing or unreadable. */
export function readStored<T>(key: string, check: (value: unknown) => T | null): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    return check(JSON.parse(raw));
  } catch {
    return null;
  }
}

const read = (key: string) => readStored(key, storedConfigOf);

export function write(key: string, value: unknown): void {
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
  const stored = read(configKey);
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
  return read(configKey)?.language ?? null;
}

/** The stored config's last event id follows the game cache's (session/game-cache.ts). */
export function storeLastEventId(token: string, lastEventId: number | null): void {
  const config = read(configKey);
  if (config !== null && config.authToken === token && config.lastEventId !== lastEventId) {
    write(configKey, { ...config, lastEventId });
  }
}

/** What tus-js-client keeps to resume a mission's upload (mission-uploads.ts): `tus::…`. */
const tusKeyPrefix = "tus::";

/**
 * Logout: the persisted config, the token's cache and what tus kept of uploads go (the files
 * waiting in the mission outbox go with `forgetOutbox`).
 */
export function clearPersisted(token: string | null): void {
  try {
    localStorage.removeItem(configKey);
    if (token !== null) {
      localStorage.removeItem(cacheKeyPrefix + token);
      localStorage.removeItem(readKeyPrefix + token);
    }
    const tusKeys = Object.keys(localStorage).filter((key) => key.startsWith(tusKeyPrefix));
    for (const key of tusKeys) localStorage.removeItem(key);
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
