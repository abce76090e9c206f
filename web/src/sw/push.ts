import type { PushPayload } from "@wegmarke/protocol";
import { FIRST_GAME } from "./routes";
import type { Bases } from "./routes";

/**
 * What the service worker makes of a push (decisions/040). Pure, so it can be tested without
 * a worker: the payload read (nothing shown for one that is not ours), the notification's
 * options, and the app's address a tap opens.
 */

const KINDS = new Set<PushPayload["kind"]>(["news", "message", "reminder", "team"]);

/** The payload of a push, or undefined for one this app did not send. */
export function readPayload(text: string | undefined): PushPayload | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, title, body, tag, url, urgent } = value as Record<string, unknown>;
  if (typeof kind !== "string" || !KINDS.has(kind as PushPayload["kind"])) return undefined;
  if (typeof title !== "string" || typeof body !== "string") return undefined;
  if (typeof tag !== "string" || typeof url !== "string") return undefined;
  return {
    kind: kind as PushPayload["kind"],
    title,
    body,
    tag,
    url,
    ...(urgent === true && { urgent: true }),
  };
}

/** The data a notification keeps: where a tap goes. */
export type NotificationData = { url: string };

/**
 * The notification of a payload: one per tag (a station's burst, a news item), replacing the
 * one before it; urgent news stay until the player acts, and buzz again when replaced.
 */
export function notificationOf(
  payload: PushPayload,
  bases: Bases = FIRST_GAME,
): NotificationOptions & {
  data: NotificationData;
  renotify?: boolean;
} {
  return {
    body: payload.body,
    tag: payload.tag,
    icon: `${bases.shell}icons/icon-192.png`,
    badge: `${bases.shell}icons/icon-192.png`,
    data: { url: appUrl(payload.url, bases) },
    ...(payload.urgent === true && { requireInteraction: true, renotify: true }),
  };
}

/**
 * The app's address for a path of the app (`/station/3`): below the scope, and nowhere else (a
 * path like `//other.example` or `/../` stays in the app: home).
 */
export function appUrl(path: string, bases: Bases = FIRST_GAME): string {
  const clean = /^\/(?!\/)[A-Za-z0-9/_-]*$/.test(path) && !path.includes("/..") ? path : "/";
  return `${bases.app}${clean.slice(1)}`;
}

/** The notification's target from its data (home for a notification without one). */
export function targetOf(data: unknown, bases: Bases = FIRST_GAME): string {
  const url = (data as Partial<NotificationData> | null)?.url;
  return typeof url === "string" && url.startsWith(bases.app) ? url : bases.app;
}
