import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { launchBrowser, phonePage } from "../support/browser";
import { joinForFree } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * The service worker's side of Web Push (issue 28): Chromium delivers a push to it through the
 * DevTools protocol (`ServiceWorker.deliverPushMessage`), as a push service would; the worker
 * shows the character's line as a notification, and a tap opens the station.
 */
describe("a push with the app in the pocket", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let registrationId = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await phonePage(browser, server.url));
    await context.grantPermissions(["notifications"], { origin: server.url });
    await joinForFree(page, "/webapp/station/1");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.endsWith("/webapp/") && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    registrationId = await registered;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const deliver = (payload: unknown) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId,
      data: JSON.stringify(payload),
    });

  const notifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        requireInteraction: n.requireInteraction,
      }));
    });

  it("shows a character's line as a notification, one per station", async () => {
    const line = {
      kind: "message",
      title: "Der Türmer",
      body: "Komm hoch zu mir, von hier oben siehst du alles!",
      tag: "station-14",
      url: "/station/14",
    };
    await deliver(line);
    await expect.poll(notifications, { timeout: 10_000 }).toEqual([
      {
        title: "Der Türmer",
        body: line.body,
        tag: "station-14",
        data: { url: "/webapp/station/14" },
        requireInteraction: false,
      },
    ]);
    // The next line of the same station replaces it; one push is not one buzz per line.
    await deliver({ ...line, body: "Ich warte oben." });
    await expect
      .poll(async () => (await notifications()).map((n) => n.body), { timeout: 10_000 })
      .toEqual(["Ich warte oben."]);
  });

  it("keeps urgent news until the player acts on them", async () => {
    await deliver({
      kind: "news",
      title: "Wegmarke",
      body: "Der Turm schließt um 18 Uhr.",
      tag: "news-7",
      url: "/",
      urgent: true,
    });
    await expect
      .poll(async () => (await notifications()).find((n) => n.tag === "news-7"), {
        timeout: 10_000,
      })
      .toMatchObject({ requireInteraction: true, data: { url: "/webapp/" } });
  });

  it("ignores a push that is not the game's", async () => {
    const before = (await notifications()).length;
    await deliver({ hello: "world" });
    await page.waitForTimeout(500);
    expect(await notifications()).toHaveLength(before);
  });

  it("opens the station when the notification is tapped", async () => {
    await page.goto("/webapp/");
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error("no service worker");
    // Chromium has no protocol command to tap a notification: the worker gets the event a tap
    // would give it.
    await worker.evaluate(async () => {
      // The worker's globals, which the DOM's types do not name.
      type Scope = {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications({ tag: "station-14" });
      if (!notification) throw new Error("no notification of station 14");
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    });
    await page.waitForURL(/\/webapp\/station\/14$/, { timeout: 10_000 });
    expect((await notifications()).map((n) => n.tag)).not.toContain("station-14");
  });
});
