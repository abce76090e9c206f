import { okResponse, pushKeyResponse, pushSubscribeRequest } from "@wegmarke/protocol";
import { z } from "zod";
import { checkInput, requestJson } from "../api/http";
import { pushBase } from "./push-support";

/**
 * Web Push for this device (decisions/040), loaded when the player first turns it on or off:
 * the permission, the browser's subscription under the server's key, and the server's copy.
 */

type Call = { gameBase: string; token: string };

/** What turning pushes on came to. */
export type PushOutcome = "on" | "denied" | "unsupported";

const settings = z.object({ subscribed: z.boolean(), news: z.boolean() });

/** Asks for the permission when not given yet, subscribes, and tells the server. */
export async function enablePush({ gameBase, token, news }: Call & { news: boolean }) {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return "unsupported";
  const permission =
    Notification.permission === "default"
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission !== "granted") return "denied";
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await requestJson(
    `${pushBase(gameBase)}key`,
    { method: "GET" },
    pushKeyResponse,
  );
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(publicKey),
    }));
  const body = checkInput(pushSubscribeRequest, {
    Hash: token,
    ...(subscription.toJSON() as { endpoint: string; keys: unknown }),
    news,
  });
  await requestJson(`${pushBase(gameBase)}subscription`, { method: "PUT", body }, okResponse);
  return "on" satisfies PushOutcome;
}

/** Ends this device's pushes: at the server first (it needs the token), then in the browser. */
export async function disablePush({ gameBase, token }: Call): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await fetch(`${pushBase(gameBase)}subscription`, {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ Hash: token, endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** The server's view of this device: pushes on, and ordinary news among them. */
export function pushSettings({ gameBase, token }: Call) {
  const query = new URLSearchParams({ hash: token });
  return requestJson(`${pushBase(gameBase)}subscription?${query}`, { method: "GET" }, settings);
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
