import { z } from "zod";
import { secretText } from "./text";

/**
 * Web Push (issue 28, decisions/040): the server's public VAPID key, a device's subscription
 * (`PushSubscription.toJSON()` as the browser gives it, with the player's token), and what a push
 * carries to the service worker.
 */

/** `GET /api/push/key`: the application server key for `pushManager.subscribe`. */
export const pushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/** Base64url without padding, as `PushSubscription.toJSON()` writes the keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what}: base64url expected`)
    .length(Math.ceil((bytes * 4) / 3), `${what}: ${bytes} bytes expected`);

/** Where the push service takes the device's messages: an https address (http only for tests). */
const endpoint = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, "endpoint: an http(s) address expected");

/** `PUT /api/push/subscription`: this device wants pushes; `news`: ordinary news too. */
export const pushSubscribeRequest = z.object({
  Hash: secretText,
  endpoint,
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, "p256dh"),
    /** The device's authentication secret (16 bytes). */
    auth: base64url(16, "auth"),
  }),
  news: z.boolean().default(false),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;

/** `DELETE /api/push/subscription`: this device wants no more pushes. */
export const pushUnsubscribeRequest = z.object({ Hash: secretText, endpoint });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

/** What a push carries (JSON, encrypted for the device): the notification and where a tap goes. */
export const pushPayload = z.object({
  /** `news`, `message` (a character's), `reminder`, `team`. */
  kind: z.enum(["news", "message", "reminder", "team"]),
  title: z.string(),
  body: z.string(),
  /** Notifications with the same tag replace each other (a station's burst, one news item). */
  tag: z.string(),
  /** The app's address a tap opens, below `/webapp/`. */
  url: z.string(),
  /** Urgent news: the notification stays until the player acts on it. */
  urgent: z.boolean().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;
