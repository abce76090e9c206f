import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { startPushService } from "../../server/test/support/push-service";
import type { TestPushService, TestSubscription } from "../../server/test/support/push-service";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, startStation } from "../support/play";
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

/**
 * From the offer to the tap: a player allows notifications once a station runs, a host sends
 * urgent news, the push service on this machine (the one the server's tests use) receives it
 * signed and decrypts it, and Chromium delivers what it received to the app's worker.
 * Chromium's own push service is Google's, out of reach here: the page's `PushManager` hands out
 * a subscription of the local push service instead, and the permission prompt, which a headless
 * browser cannot show, answers "allow".
 */
describe("urgent news from the console to the pocket", () => {
  const token = "push-e2e-operator-token-".padEnd(40, "x");
  let service: TestPushService;
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    service = await startPushService();
    server = await startServer({ PUSH_SERVICES: service.origin, OPERATOR_TOKEN: token });
    browser = await launchBrowser();
    ({ context, page } = await phonePage(browser, server.url));
    await context.grantPermissions(["notifications"], { origin: server.url });
    await page.addInitScript((subscription: TestSubscription) => {
      const stored = () => localStorage.getItem("test.pushSubscribed") === "1";
      const fake = {
        endpoint: subscription.endpoint,
        toJSON: () => ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          keys: subscription.keys,
        }),
        unsubscribe: () => {
          localStorage.removeItem("test.pushSubscribed");
          return Promise.resolve(true);
        },
      };
      let asked = false;
      Object.defineProperty(Notification, "permission", {
        get: () => (asked || stored() ? "granted" : "default"),
      });
      Notification.requestPermission = () => {
        asked = true;
        return Promise.resolve("granted");
      };
      PushManager.prototype.getSubscription = () =>
        Promise.resolve((stored() ? fake : null) as unknown as PushSubscription);
      PushManager.prototype.subscribe = () => {
        localStorage.setItem("test.pushSubscribed", "1");
        return Promise.resolve(fake as unknown as PushSubscription);
      };
    }, service.subscription());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await service?.close();
  });

  it("offers notifications once a station runs, and takes them with one tap", async () => {
    await joinForFree(page, "/webapp/station/1");
    await expect(
      page.getByRole("heading", { name: "Auch mit dem Handy in der Tasche dabei" }).count(),
    ).resolves.toBe(0);
    await startStation(page);
    const offer = page.getByRole("complementary", {
      name: "Auch mit dem Handy in der Tasche dabei",
    });
    await offer.waitFor();
    await screenshot(page, "push-offer");
    await offer.getByRole("button", { name: "Mitteilungen erlauben" }).click();
    await offer.waitFor({ state: "detached" });
  });

  it("pushes the host's urgent news to the phone; the notification opens the app", async () => {
    const response = await fetch(`${server.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        text: { de: "Der Turm schließt um 18 Uhr.", en: "The tower closes at 6 pm." },
        urgent: true,
      }),
    });
    expect(response.status, await response.text()).toBe(200);
    const [received] = await service.waitFor(1, 10_000);
    if (!received) throw new Error("nothing pushed");
    expect(received.headers.urgency).toBe("high");
    const payload = JSON.parse(received.payload) as { body: string; url: string };
    expect(payload.body).toBe("Der Turm schließt um 18 Uhr.");

    // In the open app it shows over the chat until the player dismisses it, for good.
    const banner = page.getByRole("alert").filter({ hasText: "Der Turm schließt um 18 Uhr." });
    await banner.waitFor();
    await expect(page.getByRole("textbox").count()).resolves.toBe(1);
    await screenshot(page, "push-urgent-banner");
    await banner.getByRole("button", { name: "Verstanden" }).click();
    await banner.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    expect(await banner.count()).toBe(0);

    // What the push service received, Chromium hands to the worker.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.endsWith("/webapp/") && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId: await registrationId,
      data: received.payload,
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.body),
          ),
        { timeout: 10_000 },
      )
      .toEqual(["Der Turm schließt um 18 Uhr."]);
  });

  it("turns notifications off in the menu: the server forgets the device", async () => {
    await page.getByRole("button", { name: "Menü" }).click();
    const notifications = page.getByRole("checkbox", { name: "Mitteilungen", exact: true });
    await expect.poll(() => notifications.isChecked(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "push-menu");
    await notifications.uncheck();
    expect(await notifications.isChecked()).toBe(false);
    // The switch is disabled while the server forgets the device.
    await expect.poll(() => notifications.isEnabled()).toBe(true);
    const before = service.received.length;
    await fetch(`${server.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: { de: "Noch eine.", en: "Another one." }, urgent: true }),
    });
    await page.waitForTimeout(1000);
    expect(service.received.length).toBe(before);
  });
});
