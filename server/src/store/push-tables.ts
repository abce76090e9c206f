// The tables of Web Push (decisions/040).

/** Keys the server made itself and every instance of the database shares (`vapid`). */
export type ServerKeysTable = { name: string; value: string };

/** A device that takes Web Push: its push service's address and keys, ended with its session. */
export type PushSubscriptionsTable = {
  endpoint: string;
  tokenHash: string;
  playerId: number;
  /** Base64url, as the browser gives them. */
  p256dh: string;
  auth: string;
  /** 1: ordinary news too (urgent news reach every subscribed device). */
  news: number;
  createdAt: string;
};
