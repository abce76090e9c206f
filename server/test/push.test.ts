import { opsInbox, opsNews, pushKeyResponse, pushPayload } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { until } from "./support/ops-client";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startPushService } from "./support/push-service";
import type { TestPushService, TestSubscription } from "./support/push-service";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Web Push (issue 28) against a push service on this machine that checks the VAPID token and
 * decrypts each message with the device's keys: subscriptions, news to the devices that take
 * them (urgent news to all), a subscription the push service ended, and what ends one.
 */

const TOKEN = "push-token-".padEnd(48, "p");

describe.each(dialects)("Web Push ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  let service: TestPushService;

  const start = () =>
    startApp({
      ...db.where,
      config: {
        operatorToken: TOKEN,
        push: { subject: "mailto:host@example.org", services: [service.origin] },
      },
    });

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

  async function subscribe(hash: string, news: boolean): Promise<TestSubscription> {
    const subscription = service.subscription();
    const [status, body] = await call("PUT", "/api/push/subscription", {
      Hash: hash,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      news,
    });
    expect(status, body).toBe(200);
    return subscription;
  }

  async function news(urgent: boolean, stationId?: number): Promise<number> {
    const [status, body] = await call("POST", "/api/ops/news", {
      text: { de: "Der Turm schließt um 18 Uhr.", en: "The tower closes at 6 pm." },
      ...(stationId !== undefined && { stationId }),
      urgent,
    });
    expect(status, body).toBe(200);
    return opsNews.parse(JSON.parse(body)).id;
  }

  async function subscriptions(): Promise<number> {
    return (await db.dump()).split(`${service.origin}/push/`).length - 1;
  }

  beforeAll(async () => {
    db = await dialect.open();
    service = await startPushService();
    app = await start();
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await service.close();
    await db.done();
  });

  it("gives its public key, the same after a restart (the pair is kept in the database)", async () => {
    const [status, body] = await call("GET", "/api/push/key");
    expect(status).toBe(200);
    const { publicKey } = pushKeyResponse.parse(JSON.parse(body));
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    await app.close();
    app = await start();
    api = new Api(app.url);
    const [, again] = await call("GET", "/api/push/key");
    expect(pushKeyResponse.parse(JSON.parse(again)).publicKey).toBe(publicKey);
  });

  it("refuses a subscription with bad keys, of an unknown push service, or without a token", async () => {
    const hash = await api.optin();
    const good = service.subscription();
    const cases: [unknown, number, RegExp][] = [
      [
        { Hash: hash, endpoint: good.endpoint, keys: { ...good.keys, p256dh: "abc" } },
        400,
        /p256dh/,
      ],
      [{ Hash: hash, endpoint: good.endpoint, keys: { ...good.keys, auth: "!!" } }, 400, /auth/],
      [{ Hash: hash, endpoint: "ftp://push.example/x", keys: good.keys }, 400, /endpoint/],
      [
        { Hash: hash, endpoint: "https://push.example.org/x", keys: good.keys },
        400,
        /push service not allowed/,
      ],
      [{ endpoint: good.endpoint, keys: good.keys }, 401, /invalid hash/],
    ];
    for (const [body, status, reason] of cases) {
      const [code, text] = await call("PUT", "/api/push/subscription", body);
      expect(code, text).toBe(status);
      expect(text).toMatch(reason);
    }
    expect(await subscriptions()).toBe(0);
  });

  it("pushes ordinary news to devices that take them, urgent news to all, each in its language", async () => {
    const german = await api.optin("de");
    const english = await api.optin("en");
    const withNews = await subscribe(german, true);
    const urgentOnly = await subscribe(english, false);
    const [, settings] = await call("GET", `/api/push/subscription?hash=${german}`);
    expect(JSON.parse(settings)).toEqual({ subscribed: true, news: true });

    const ordinary = await news(false);
    const [first] = await service.waitFor(1);
    expect(first?.id).toBe(withNews.id);
    expect(pushPayload.parse(JSON.parse(first?.payload ?? ""))).toEqual({
      kind: "news",
      title: expect.any(String),
      body: "Der Turm schließt um 18 Uhr.",
      tag: `news-${ordinary}`,
      url: "/",
    });
    expect(first?.headers).toMatchObject({ urgency: "normal", topic: `news-${ordinary}` });

    const urgent = await news(true, 3);
    const messages = (await service.waitFor(3)).slice(1);
    const byDevice = new Map(messages.map((m) => [m.id, pushPayload.parse(JSON.parse(m.payload))]));
    expect(byDevice.get(withNews.id)?.body).toBe("Der Turm schließt um 18 Uhr.");
    expect(byDevice.get(urgentOnly.id)).toMatchObject({
      body: "The tower closes at 6 pm.",
      urgent: true,
      tag: `news-${urgent}`,
      url: expect.stringMatching(/^\/[a-z]+\/3$/),
    });
    expect(messages.map((m) => m.headers.urgency)).toEqual(["high", "high"]);
    const [, key] = await call("GET", "/api/push/key");
    expect(new Set(messages.map((m) => m.vapidKey))).toEqual(
      new Set([pushKeyResponse.parse(JSON.parse(key)).publicKey]),
    );
    expect(service.refused).toEqual([]);
    service.received.length = 0;
  });

  it("pushes the organisers' answer to a player whose app is closed, in their language", async () => {
    const hash = await api.optin("en");
    const device = await subscribe(hash, false);
    const [sent] = await call("POST", "/api/game/organisers", { Hash: hash, Text: "Lost!" });
    expect(sent).toBe(200);
    const [, listed] = await call("GET", "/api/ops/inbox");
    const id = opsInbox.parse(JSON.parse(listed)).conversations[0]?.participant.playerId;
    const [answered] = await call("POST", `/api/ops/players/${id}/organisers`, {
      text: "Wait at the fountain.",
    });
    expect(answered).toBe(200);
    // Only this device's push of the answer counts: another test's may still come in
    // meanwhile, to this device too (the urgent news before goes to every device).
    const answer = (m: { id: string; payload: string }) =>
      m.id === device.id && pushPayload.parse(JSON.parse(m.payload)).tag === "organisers";
    await until(async () => service.received.some(answer), 5000);
    const pushed = service.received.find(answer);
    expect(pushPayload.parse(JSON.parse(pushed?.payload ?? ""))).toEqual({
      kind: "message",
      title: "Organisers",
      body: "Wait at the fountain.",
      tag: "organisers",
      url: "/organisers",
    });
    expect(pushed?.headers).toMatchObject({ urgency: "high", topic: "organisers" });
    service.received.length = 0;
  });

  it("forgets a subscription its push service ended (410), and counts it", async () => {
    const hash = await api.optin();
    const ended = await subscribe(hash, true);
    const before = await subscriptions();
    service.answer(ended.id, 410);
    await news(true);
    const deadline = Date.now() + 5000;
    while ((await subscriptions()) === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await subscriptions()).toBe(before - 1);
    // The push thread counts its outcome just after it answers.
    const gone = /wegmarke_pushes_total\{game="default",outcome="gone"\} 1/;
    const counted = async (): Promise<boolean> =>
      gone.test(await (await fetch(`${app.url}/metrics`)).text());
    await until(counted, 5000);
    expect(await counted()).toBe(true);
    service.received.length = 0;
  });

  it("ends a subscription when the device asks, and with the account", async () => {
    const leaving = await api.optin();
    const deleting = await api.optin();
    const a = await subscribe(leaving, true);
    await subscribe(deleting, true);
    const before = await subscriptions();
    // Another player cannot end it.
    const other = await api.optin();
    expect(
      (await call("DELETE", "/api/push/subscription", { Hash: other, endpoint: a.endpoint }))[0],
    ).toBe(200);
    expect(await subscriptions()).toBe(before);

    const [status, body] = await call("DELETE", "/api/push/subscription", {
      Hash: leaving,
      endpoint: a.endpoint,
    });
    expect(status, body).toBe(200);
    expect(await subscriptions()).toBe(before - 1);
    const [, settings] = await call("GET", `/api/push/subscription?hash=${leaving}`);
    expect(JSON.parse(settings)).toEqual({ subscribed: false, news: false });

    await api.game("outro/activate", { Hash: deleting, Skip: true });
    expect(await subscriptions()).toBe(before - 2);
  });
});
