/**
 * What the app knows of Web Push before loading its code (push-client.ts): whether the browser
 * has it, whether this device takes pushes, and whether the player said "not now" to the offer.
 */
import { besideGame } from "../api/endpoint";

const OFFER_KEY = "wegmarke.pushOffer";

/** Where the push calls are: beside the game base (`/api/game/` → `/api/push/`). */
export function pushBase(gameBase: string): string {
  return besideGame(gameBase, "push");
}

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** Whether this device has a push subscription. */
export async function pushSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) != null;
}

/** Whether the offer may show: pushes possible, not decided yet, not put off. */
export function offerPush(): boolean {
  return pushSupported() && Notification.permission === "default" && !offerDeclined();
}

/** The player said "not now" to the offer (or to the iPhone's home screen hint). */
export function offerDeclined(): boolean {
  try {
    return localStorage.getItem(OFFER_KEY) === "declined";
  } catch {
    return false;
  }
}

export function declineOffer(): void {
  try {
    localStorage.setItem(OFFER_KEY, "declined");
  } catch {
    // Private mode: the offer comes back next time.
  }
}
