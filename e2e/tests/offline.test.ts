import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** Out on the walk, reception fails: the app still opens, with the images seen before. */
describe("offline", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await phonePage(browser, server.url));
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error")
        pageWarnings.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The page's warnings and errors: why a worker did not install, should it not. */
  const pageWarnings: string[] = [];
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  const workerState = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        secure: window.isSecureContext,
        registered: registration !== undefined,
        installing: registration?.installing?.state ?? null,
        waiting: registration?.waiting?.state ?? null,
        active: registration?.active?.state ?? null,
      };
    });
  /** The pictures in the worker's media cache. */
  const cachedPictures = () =>
    page.evaluate(async () => {
      const media = await caches.open("media");
      return (await media.keys()).map((request) => request.url);
    });
  /** Whether every image of the page shows (lazy ones are scrolled to first). */
  const imagesShown = async () => {
    for (const image of await page.locator("img").all()) await image.scrollIntoViewIfNeeded();
    return page.evaluate(() => {
      const images = Array.from(document.images);
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
  };

  it("links a manifest whose icons load, for installing the app on the home screen", async () => {
    await page.goto("/webapp/login");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await page.request.get(href ?? "")).json()) as {
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.start_url).toBe("/webapp/");
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    for (const src of [...manifest.icons.map((icon) => icon.src), touchIcon ?? ""]) {
      const response = await page.request.get(src);
      expect(response.status(), src).toBe(200);
      expect(response.headers()["content-type"], src).toMatch(/^image\//);
    }
  });

  it("installs its service worker, which takes over the open page", async () => {
    // A page whose navigation is under way while the worker activates is neither served nor
    // claimed by it (it is controlled from its next load): take over the open page first, and
    // navigate only then.
    try {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
      await joinForFree(page, "/webapp/station/1");
      await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
    } catch (error) {
      const state = JSON.stringify(await workerState());
      throw new Error(`no service worker in charge: ${state}\n${pageWarnings.join("\n")}`, {
        cause: error,
      });
    }
    await startStation(page);
    await messagesFrom(page, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor();
    // Seen once with the worker in charge: the stations' pictures are in its cache now.
    await page.goto("/webapp/station");
    await page.getByRole("link", { name: /Das Landgrafenschloss/ }).waitFor();
    await expect.poll(imagesShown).toBe(true);
    // What each shows: a photo's width from its srcset (decisions/038).
    const pictures = await page.evaluate(() =>
      Array.from(document.images, (image) => image.currentSrc || image.src),
    );
    await expect.poll(cachedPictures).toEqual(expect.arrayContaining(pictures));
  });

  it("shows the station list with its pictures, and the chat, without a network", async () => {
    // Only the worker's caches may answer: the browser's own HTTP cache is emptied.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("link", { name: /Das Landgrafenschloss/ }).waitFor();
    await expect.poll(imagesShown).toBe(true);
    await settle(page);
    await screenshot(page, "offline-01-stations");
    await page.getByRole("link", { name: /Der Marktplatz/ }).click();
    await messagesFrom(page, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor();
    await settle(page);
    await screenshot(page, "offline-02-chat");
  });

  it("opens another screen of the app without a network", async () => {
    await page.goto("/webapp/story");
    // A screen not opened before: the app is there, the station list from the last visit too.
    await page.getByRole("heading", { name: "Erzählstationen", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Märchenstunde", exact: true, level: 2 }).waitFor();
    await page.getByText("Märchenstunde an der Pfarrkirche").waitFor();
  });

  it("keeps an answer typed without a network in the outbox, shown as such", async () => {
    await page.goto("/webapp/station/1");
    await page.getByLabel("Deine Antwort").fill("Gockel");
    await page.getByLabel("Deine Antwort").press("Enter");
    const queued = page.getByTestId("queued-input").filter({ hasText: "Gockel" });
    await queued.getByText("Wird gesendet, sobald du online bist").waitFor();
    expect(await page.getByLabel("Deine Antwort").inputValue()).toBe("");
    await settle(page);
    await screenshot(page, "offline-03-answer-queued");
  });

  it("plays on once the network is back: the answer goes by itself, once, also after a reload", async () => {
    await context.setOffline(false);
    await page.goto("/webapp/station/1");
    await messagesFrom(page, "user").filter({ hasText: "Gockel" }).waitFor({ timeout: 20_000 });
    await page.getByText("Geschafft!").waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("queued-input").count()).toBe(0);
    expect(await messagesFrom(page, "user").filter({ hasText: "Gockel" }).count()).toBe(1);
  });
});
