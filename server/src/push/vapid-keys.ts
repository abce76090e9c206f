import webpush from "web-push";
import type { PushConfig } from "../config";
import type { PushRepository } from "../store/push-repository";

export type VapidKeys = { publicKey: string; privateKey: string };

const NAME = "vapid";

/**
 * The key pair the server signs its pushes with (decisions/040): the configured one, else the
 * pair in the database, made by the first instance that started without one. Instances starting
 * at once keep the pair stored first; a device subscribed under one key is unknown to another.
 */
export async function loadVapidKeys(
  config: PushConfig,
  repo: Pick<PushRepository, "serverKey" | "addServerKey">,
): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  const stored = await repo.serverKey(NAME);
  if (stored === undefined) {
    await repo.addServerKey(NAME, JSON.stringify(webpush.generateVAPIDKeys()));
  }
  const value = stored ?? (await repo.serverKey(NAME));
  const keys = value === undefined ? undefined : (JSON.parse(value) as Partial<VapidKeys>);
  if (typeof keys?.publicKey !== "string" || typeof keys.privateKey !== "string") {
    throw new Error("server_keys: the stored VAPID key pair is unreadable");
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
