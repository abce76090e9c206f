import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Where the demo's stations open: the Steinweg (`near`) only at its place, with the bell and a
 * buzz on arrival; the churchyard (`qr`) only through the link of its QR code, from a camera
 * app or the app's own scanner; the secret chapel revealed by its link.
 */

const SECRET_KEY = "station-triggers-e2e-secret-".padEnd(48, "k");
/** The demo pack's id (game.yaml) and the derived code of a station's QR link. */
const codeOf = (stationId: number) =>
  createHmac("sha256", SECRET_KEY)
    .update(`station-code\0marburg\0${stationId}`)
    .digest("base64url")
    .slice(0, 16);
/** Station 15, the Steinweg, opens within 40 m of this place. */
const steinweg = { latitude: 50.8083, longitude: 8.7717 };

/** Records `navigator.vibrate` calls (headless Chromium has no vibration to feel). */
async function recordVibrations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    Object.defineProperty(window, "vibrations", { value: calls });
    navigator.vibrate = (pattern: VibratePattern) => {
      calls.push(pattern);
      return true;
    };
  });
}
const vibrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.length);

describe("where stations open", () => {
  let server: RunningServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer({ SECRET_KEY });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const bellMarker = (page: Page) => page.getByTestId("bell-marker");

  it("refuses the Steinweg far from it, rings the bell on arrival and opens it there", async () => {
    if (!browser) throw new Error("no browser");
    // At the market square, about 180 m from the Steinweg.
    const { context, page } = await phonePage(browser, server.url);
    await recordVibrations(context);
    await joinForFree(page, "/webapp/");
    // Home has shown the nearby station: the bell is quiet.
    await page.getByRole("region", { name: "Eine Station in deiner Nähe" }).waitFor();
    await expect.poll(() => bellMarker(page).count()).toBe(0);

    await page.goto("/webapp/station/15");
    await page.getByRole("heading", { name: "Der Steinweg" }).waitFor();
    await startStation(page);
    const refusal = page.getByRole("alert").filter({ hasText: "Geh näher heran" });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/Geh näher heran: noch 1\d\d\u00a0m\./);
    await settle(page);
    await screenshot(page, "triggers-01-too-far");
    expect(await vibrations(page)).toBe(0);

    // The player walks to the steps: the bell rings and the phone buzzes once.
    await context.setGeolocation({ ...steinweg, accuracy: 15 });
    await bellMarker(page).waitFor();
    await expect.poll(() => vibrations(page)).toBe(1);
    // The refusal is moot now.
    await refusal.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Neuigkeiten – Neue Neuigkeiten" }).click();
    const arrived = page.getByRole("region", { name: "Du bist da" });
    await arrived.getByText("Der Steinweg").waitFor();
    await arrived.getByText("Sie öffnet sich jetzt: starte sie.").waitFor();
    await settle(page);
    await screenshot(page, "triggers-02-arrived");
    await expect.poll(() => bellMarker(page).count()).toBe(0);

    await arrived.getByRole("link", { name: /Der Steinweg/ }).click();
    await page.waitForURL(/\/webapp\/station\/15$/);
    await startStation(page);
    await page
      .locator('[data-testid="message"][data-originator="Die Apothekerin"]')
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Hustensaft" }).waitFor({ timeout: 20_000 });
    expect(await vibrations(page)).toBe(1);
    await context.close();
  });

  it("opens the churchyard by its QR link, signing in on the way; the list cannot start it", async () => {
    if (!browser) throw new Error("no browser");
    const { context, page } = await phonePage(browser, server.url);
    await joinForFree(page, "/webapp/station");
    const card = page.locator(".station-card", { hasText: "Der Lutherische Kirchhof" });
    await card.getByText("Scanne ihren Code vor Ort, um sie zu starten.").waitFor();
    expect(await card.getByRole("button", { name: "Station starten" }).count()).toBe(0);

    // A camera app opens the poster's link in a browser that is not signed in.
    const camera = await phonePage(browser, server.url);
    await camera.page.goto(`/webapp/s/${codeOf(14)}`);
    await camera.page.waitForURL(/\/webapp\/login\?target=/);
    expect(new URL(camera.page.url()).searchParams.get("target")).toBe(`/webapp/s/${codeOf(14)}`);
    await camera.page.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await camera.page.waitForURL(/\/webapp\/station\/14$/);
    await camera.page
      .locator('[data-testid="message"][data-originator="Der Türmer"]')
      .first()
      .waitFor({ timeout: 20_000 });
    await settle(camera.page);
    await screenshot(camera.page, "triggers-03-qr-opened");

    // A code no station has: a clear refusal over the station list.
    await camera.page.goto("/webapp/s/no-such-code-42");
    await camera.page.waitForURL(/\/webapp\/station$/);
    const refusal = camera.page
      .getByRole("alert")
      .filter({ hasText: "Zu diesem Code gibt es keine Station." });
    await refusal.waitFor();
    // It stays on the list until it is read and closed.
    await settle(camera.page);
    expect(await refusal.isVisible()).toBe(true);
    await camera.context.close();
    await context.close();
  });

  it("opens a station from the app's own scanner where the browser can read QR codes", async () => {
    if (!browser) throw new Error("no browser");
    const { context, page } = await phonePage(browser, server.url);
    const link = `${server.url}/webapp/s/${codeOf(14)}`;
    // A camera, and a BarcodeDetector that reads the poster's link once the test holds the
    // poster up (window.posterInView), so the dialog can be seen before the scan ends it.
    await context.addInitScript((text: string) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      // A stream plays only with frames in it.
      const paint = canvas.getContext("2d");
      setInterval(() => paint?.fillRect(0, 0, 64, 64), 50);
      navigator.mediaDevices.getUserMedia = () => Promise.resolve(canvas.captureStream(10));
      class Detector {
        detect() {
          const inView = (window as unknown as { posterInView?: boolean }).posterInView === true;
          return Promise.resolve(inView ? [{ rawValue: text }] : []);
        }
      }
      Object.defineProperty(window, "BarcodeDetector", { value: Detector });
    }, link);
    await joinForFree(page, "/webapp/station");
    await page.getByRole("button", { name: "Code einer Station scannen" }).click();
    const dialog = page.getByRole("dialog", { name: "Code einer Station scannen" });
    await dialog.waitFor();
    // The camera's picture plays in the dialog while nothing is in view.
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>(".scanner__video");
      return video !== null && !video.paused && video.readyState >= 2;
    });
    await settle(page);
    await screenshot(page, "triggers-04-scanner");
    expect(page.url()).toMatch(/\/webapp\/station$/);
    await page.evaluate(() => {
      (window as unknown as { posterInView?: boolean }).posterInView = true;
    });
    await page.waitForURL(/\/webapp\/station\/14$/);
    await page
      .locator('[data-testid="message"][data-originator="Der Türmer"]')
      .first()
      .waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("reads a real QR code where the browser has no BarcodeDetector (iOS Safari, Firefox)", async () => {
    if (!browser) throw new Error("no browser");
    const { context, page } = await phonePage(browser, server.url);
    const link = `${server.url}/webapp/s/${codeOf(14)}`;
    const poster = await QRCode.toDataURL(link, { margin: 4, scale: 6 });
    // A camera that films the poster's QR code once the test holds it up.
    await context.addInitScript((image: string) => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
      const canvas = document.createElement("canvas");
      canvas.width = 320;
      canvas.height = 320;
      const paint = canvas.getContext("2d");
      const qr = new Image();
      qr.src = image;
      setInterval(() => {
        if (paint === null) return;
        paint.fillStyle = "#fff";
        paint.fillRect(0, 0, 320, 320);
        const inView = (window as unknown as { posterInView?: boolean }).posterInView === true;
        if (inView && qr.complete) paint.drawImage(qr, 40, 40, 240, 240);
      }, 50);
      navigator.mediaDevices.getUserMedia = () => Promise.resolve(canvas.captureStream(10));
    }, poster);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await joinForFree(page, "/webapp/station");
    await page.getByRole("button", { name: "Code einer Station scannen" }).click();
    await page.getByRole("dialog", { name: "Code einer Station scannen" }).waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>(".scanner__video");
      return video !== null && !video.paused && video.readyState >= 2;
    });
    await page.evaluate(() => {
      (window as unknown as { posterInView?: boolean }).posterInView = true;
    });
    await page.waitForURL(/\/webapp\/station\/14$/, { timeout: 20_000 });
    // The reader's WebAssembly came from this server, nothing from elsewhere.
    expect(requests.filter((url) => url.endsWith(".wasm"))).toEqual([
      expect.stringMatching(
        new RegExp(`^${server.url}/webapp/assets/zxing_reader-[\\w-]+\\.wasm$`),
      ),
    ]);
    expect(
      requests.filter((url) => !url.startsWith(server.url) && !url.startsWith("data:")),
    ).toEqual([]);
    await context.close();
  });

  it("reveals the secret chapel by its link and puts it on the map", async () => {
    if (!browser) throw new Error("no browser");
    const { context, page } = await phonePage(browser, server.url);
    await joinForFree(page, "/webapp/map");
    await page.getByTestId("map-marker-1").waitFor();
    expect(await page.getByTestId("map-marker-6").count()).toBe(0);

    await page.goto(`/webapp/s/${codeOf(6)}`);
    await page.waitForURL(/\/webapp\/station\/6$/);
    await page.getByRole("heading", { name: "Die Kilianskapelle" }).waitFor();
    await page.goto("/webapp/map");
    await page.getByTestId("map-marker-6").waitFor();
    expect(await page.getByTestId("map-marker-6").getAttribute("data-state")).toBe("running");
    await context.close();
  });
});
