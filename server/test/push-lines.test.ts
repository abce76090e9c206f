import { join } from "node:path";
import { pushPayload } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { ManualTime } from "./support/manual-time";
import { startPushService } from "./support/push-service";
import type { TestPushService } from "./support/push-service";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A character's line that comes later (a message the script delays) reaches the phone in the
 * pocket: one push for the burst, with the burst's last line, to a player whose app is closed,
 * and none to a player who has the app open; and a teammate's arrival.
 */
describe("a delayed line as a push", () => {
  let dir: { dir: string; remove(): Promise<void> };
  let service: TestPushService;
  let app: TestApp;
  let api: Api;
  const time = new ManualTime("2026-05-01T10:00:00.000Z");

  beforeAll(async () => {
    dir = await tempDir();
    service = await startPushService();
    app = await startApp({
      dbFile: join(dir.dir, "db.sqlite"),
      pack: await featurePack(dir.dir),
      clock: time.clock,
      timer: time.timer,
      config: { push: { subject: "mailto:host@example.org", services: [service.origin] } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await service.close();
    await dir.remove();
  });

  async function subscribed(): Promise<{ hash: string; id: string }> {
    const hash = await api.optin();
    const subscription = service.subscription();
    const response = await fetch(`${app.url}/api/push/subscription`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Hash: hash, ...subscription, news: false }),
    });
    expect(response.status, await response.text()).toBe(200);
    return { hash, id: subscription.id };
  }

  it("pushes the burst's last line to the player whose app is closed, not to one whose app is open", async () => {
    const away = await subscribed();
    const here = await subscribed();
    const stream = await api.events(here.hash);
    await stream.next();
    await api.game("station/activate", { StationID: 1, Hash: away.hash });
    await api.game("station/activate", { StationID: 1, Hash: here.hash });
    // The first lines come with the activation, in the open app: no push.
    expect(service.received).toEqual([]);

    time.advance(30_000);
    const [pushed] = await service.waitFor(1);
    expect(pushed?.id).toBe(away.id);
    expect(pushPayload.parse(JSON.parse(pushed?.payload ?? ""))).toEqual({
      kind: "message",
      title: expect.any(String),
      body: "Hier ist es.",
      tag: "station-1",
      url: expect.stringMatching(/^\/[a-z]+\/1$/),
    });
    expect(pushed?.headers).toMatchObject({ urgency: "high", topic: "station-1" });
    // The open app got the lines on its stream instead.
    expect((await stream.until("webtext")).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(service.received.map((m) => m.id)).toEqual([away.id]);
    stream.close();
  });
});

describe("a teammate's arrival as a push", () => {
  let dir: { dir: string; remove(): Promise<void> };
  let service: TestPushService;
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    dir = await tempDir();
    service = await startPushService();
    app = await startApp({
      dbFile: join(dir.dir, "db.sqlite"),
      pack: await teamPack("optional"),
      config: { push: { subject: "mailto:host@example.org", services: [service.origin] } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await service.close();
    await dir.remove();
  });

  it("tells the members whose app is closed who joined, in their language", async () => {
    const founder = await api.optin("en");
    const subscription = service.subscription();
    const saved = await fetch(`${app.url}/api/push/subscription`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Hash: founder, ...subscription, news: false }),
    });
    expect(saved.status).toBe(200);
    const invite = await api.post("/api/game/team/invite", { Hash: founder });
    const { value: code } = (await invite.json()) as { value: string };
    const newcomer = await api.optin();
    const joined = await fetch(
      `${app.url}/api/game/team/join?${new URLSearchParams({ hash: newcomer, tjr: code })}`,
    );
    expect(joined.status, await joined.text()).toBe(200);
    const [pushed] = await service.waitFor(1);
    expect(pushed?.id).toBe(subscription.id);
    expect(pushPayload.parse(JSON.parse(pushed?.payload ?? ""))).toMatchObject({
      kind: "team",
      body: expect.stringMatching(/^.+ joined your team\.$/),
      url: "/team",
    });
  });
});
