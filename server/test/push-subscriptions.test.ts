import { ErrorReason } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_SUBSCRIPTIONS_PER_PLAYER } from "../src/security/limits";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { until } from "./support/ops-client";
import { startPushService } from "./support/push-service";
import type { TestPushService, TestSubscription } from "./support/push-service";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * What a player's subscriptions may be (decisions/040): a few per player, the newest kept, so
 * that a news item pushes that often to one player at most; and an endpoint stays the device's
 * that subscribed it unless another session brings its keys.
 */

const TOKEN = "push-subscriptions-token-".padEnd(48, "s");

describe.each(dialects)("push subscriptions ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  let service: TestPushService;
  // Each subscription a second after the one before: "the newest" is never a tie.
  const clock = { ms: Date.UTC(2026, 10, 28, 10), now: () => new Date(clock.ms) };
  const logged: Record<string, unknown>[] = [];

  async function call(method: string, path: string, body?: unknown): Promise<[number, string]> {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(path.startsWith("/api/ops") && { authorization: `Bearer ${TOKEN}` }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return [response.status, await response.text()];
  }

  const put = (hash: string, subscription: TestSubscription) => {
    clock.ms += 1000;
    return call("PUT", "/api/push/subscription", {
      Hash: hash,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      news: true,
    });
  };

  const settings = async (hash: string) =>
    JSON.parse((await call("GET", `/api/push/subscription?hash=${hash}`))[1]) as unknown;

  beforeAll(async () => {
    db = await dialect.open();
    service = await startPushService();
    app = await startApp({
      ...db.where,
      clock,
      config: {
        operatorToken: TOKEN,
        logLevel: "info",
        push: { subject: "mailto:host@example.org", services: [service.origin] },
      },
      logStream: { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await service.close();
    await db.done();
  });

  it("keeps a player's newest subscriptions, and an urgent news item pushes only to those", async () => {
    const hash = await api.optin();
    const made: TestSubscription[] = [];
    for (let i = 0; i < 60; i++) {
      const subscription = service.subscription();
      const [status, body] = await put(hash, subscription);
      expect(status, body).toBe(200);
      made.push(subscription);
    }
    const dump = await db.dump();
    const kept = made.filter((subscription) => dump.includes(subscription.endpoint));
    expect(kept.map((s) => s.id)).toEqual(
      made.slice(-PUSH_SUBSCRIPTIONS_PER_PLAYER).map((s) => s.id),
    );

    const [status, body] = await call("POST", "/api/ops/news", {
      text: { de: "Das Tor schließt gleich.", en: "The gate closes soon." },
      urgent: true,
    });
    expect(status, body).toBe(200);
    // The broadcast logs what it did once every push is answered.
    await until(async () => logged.some((entry) => entry.msg === "news pushed"), 10_000);
    expect(logged.find((entry) => entry.msg === "news pushed")).toMatchObject({
      devices: PUSH_SUBSCRIPTIONS_PER_PLAYER,
      sent: PUSH_SUBSCRIPTIONS_PER_PLAYER,
    });
    expect(service.received.map((message) => message.id).sort()).toEqual(
      kept.map((s) => s.id).sort(),
    );
  });

  it("keeps no more when a player's subscriptions come at once", async () => {
    const hash = await api.optin();
    const made = Array.from({ length: 20 }, () => service.subscription());
    const answers = await Promise.all(made.map((subscription) => put(hash, subscription)));
    expect(answers.map(([status]) => status)).toEqual(made.map(() => 200));
    const dump = await db.dump();
    const kept = made.filter((subscription) => dump.includes(subscription.endpoint));
    expect(kept.length).toBeLessThanOrEqual(PUSH_SUBSCRIPTIONS_PER_PLAYER);
    expect(kept.length).toBeGreaterThan(0);
  });

  it("refuses another session an endpoint without its keys, and moves it with them", async () => {
    const owner = await api.optin();
    const other = await api.optin();
    const device = service.subscription();
    expect((await put(owner, device))[0]).toBe(200);

    const otherKeys = service.subscription().keys;
    for (const keys of [otherKeys, { ...device.keys, auth: otherKeys.auth }]) {
      const [status, text] = await put(other, { ...device, keys });
      expect([status, text]).toEqual([409, ErrorReason.pushEndpointTaken]);
    }
    expect(await settings(owner)).toEqual({ subscribed: true, news: true });
    expect(await settings(other)).toEqual({ subscribed: false, news: false });
    const dump = await db.dump();
    expect(dump).toContain(device.keys.p256dh);
    expect(dump).not.toContain(otherKeys.p256dh);

    // The same browser signed in anew: it holds the keys, and the endpoint follows it.
    expect((await put(other, device))[0]).toBe(200);
    expect(await settings(owner)).toEqual({ subscribed: false, news: false });
    expect(await settings(other)).toEqual({ subscribed: true, news: true });
  });
});
