import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import { mediumProgressResponse } from "@wegmarke/protocol";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const SECRET_KEY = "media-e2e-secret-".padEnd(48, "k");
/** The derived code of the demo's (pack id `marburg`) station's QR link. */
const codeOf = (stationId: number) =>
  createHmac("sha256", SECRET_KEY)
    .update(`station-code\0marburg\0${stationId}`)
    .digest("base64url")
    .slice(0, 16);

/** A `player/medium/progress` call: what the app sent and what the server answered. */
type Report = { contentRef: string; sent: number; furthest: number; seen: boolean };

/**
 * Media in the chat, played through the app: the secret station's video in the browser's
 * native controls, and a station's audio in the app's own player. The server's answers to
 * `player/medium/progress` (the furthest ratio it keeps, and whether the medium counts as seen)
 * show what it recorded. And pictures of the pack load in the width the screen shows them
 * (decisions/038).
 */
describe("video and audio messages", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;
  const reports: Report[] = [];

  beforeAll(async () => {
    server = await startServer({ SECRET_KEY });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    page.on("response", (response) => void record(response));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function record(response: Response) {
    if (!response.url().endsWith("/api/game/player/medium/progress")) return;
    const body = response.request().postDataJSON() as { ContentRef: string; ProgressRatio: number };
    // A report answered as the page goes to another station has no body left to read.
    const answer: unknown = await response.json().catch(() => undefined);
    if (answer === undefined) return;
    const { value } = mediumProgressResponse.parse(answer);
    reports.push({
      contentRef: body.ContentRef,
      sent: body.ProgressRatio,
      furthest: value.ProgressRatio,
      seen: value.Seen,
    });
  }

  const videoRef = "stations/6/wichtelmaenner.mp4";
  const audioRef = "stations/3/rosenwunder.mp3";
  const reportsOf = (contentRef: string) => reports.filter((r) => r.contentRef === contentRef);
  const video = () => page.getByLabel("Video: Der Schuster");
  const done = () => page.locator(".station__intro").getByText("Erledigt", { exact: true });

  /** Plays the video muted (no user gesture needed) and fast, as the native play button would. */
  const playVideo = () =>
    video().evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      element.playbackRate = 2;
      return element.play();
    });

  it("opens the secret station by its QR link; the shoemaker sends a video with native controls", async () => {
    await joinForFree(page, "/webapp/station/6");
    // Not found yet: its address alone does not open it.
    await page.getByTestId("station-not-found").waitFor();
    expect(await page.getByRole("button", { name: "Station starten" }).count()).toBe(0);
    await page.goto(`/webapp/s/${codeOf(6)}`);
    await page.waitForURL(/\/webapp\/station\/6$/);
    await page.getByRole("heading", { name: "Die Kilianskapelle" }).waitFor();
    await video().waitFor({ timeout: 15_000 });
    expect(await video().evaluate((element: HTMLVideoElement) => element.controls)).toBe(true);
    expect(await video().getAttribute("src")).toMatch(/\/stations\/6\/wichtelmaenner\.mp4$/);
    await messagesFrom(page, "Der Schuster")
      .filter({ hasText: "Welche Handwerker" })
      .waitFor({ timeout: 15_000 });
  });

  it("reports the video by tenths while it plays; past 0.9 the server counts it as seen", async () => {
    await playVideo();
    await video().evaluate(
      (element: HTMLVideoElement) =>
        new Promise((ended) => element.addEventListener("ended", ended, { once: true })),
    );
    await expect.poll(() => reportsOf(videoRef).some((r) => r.seen)).toBe(true);
    const played = reportsOf(videoRef);
    // At most one report per tenth of the video, each further than the one before.
    const tenths = played.map((r) => Math.floor(r.sent * 10));
    expect(tenths).toEqual([...new Set(tenths)].sort((a, b) => a - b));
    expect(played.length).toBeGreaterThanOrEqual(4);
    // Seen exactly from the first report at or past the message's seen ratio on.
    for (const report of played) expect(report.seen, String(report.sent)).toBe(report.sent >= 0.9);
    await settle(page);
    await screenshot(page, "media-01-video-seen");
  });

  it("goes on with the station after the video: the right answer finishes it", async () => {
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill("Schuster");
    await page.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(page, "Der Schuster")
      .filter({ hasText: "Danke, dass du mein Märchen" })
      .waitFor({ timeout: 20_000 });
    await done().waitFor();
    await page.getByText("3 von 3 Punkten").waitFor();
  });

  it("keeps the video seen: after a reload the first new report learns it from the server", async () => {
    const before = reportsOf(videoRef).length;
    const furthest = Math.max(...reportsOf(videoRef).map((r) => r.sent));
    await page.reload();
    await video().waitFor();
    await playVideo();
    await expect.poll(() => reportsOf(videoRef).length).toBeGreaterThan(before);
    const first = reportsOf(videoRef)[before];
    expect(first?.sent).toBeLessThan(0.9);
    expect(first).toMatchObject({ furthest, seen: true });
    await video().evaluate((element: HTMLVideoElement) => element.pause());
  });

  it("offers the audio player only once the audio can play through, then plays, counts down and seeks", async () => {
    // Hold the audio file back: until it arrives the player cannot play through.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**/assets/webapp-data/${audioRef}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/webapp/station/3");
    await startStation(page);
    const player = page.getByRole("group", { name: "Audio: Lena" });
    await player.waitFor({ timeout: 20_000 });
    const seek = player.getByRole("slider", { name: "Wiedergabeposition" });
    const countdown = player.locator(".audio-player__countdown");
    const play = player.getByRole("button", { name: "Abspielen" });
    expect(await seek.getAttribute("step")).toBe("0.1");
    await page.waitForTimeout(500);
    expect(await seek.isDisabled()).toBe(true);
    expect(await countdown.innerText()).toMatch(/-0:00$/);

    release();
    await expect.poll(() => seek.isEnabled(), { timeout: 15_000 }).toBe(true);
    const duration = await player
      .locator("audio")
      .evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(duration).toBeGreaterThan(10);
    const full = `-0:${String(Math.ceil(duration)).padStart(2, "0")}`;
    expect(await countdown.innerText()).toMatch(new RegExp(`${full}$`));

    await play.click();
    const stop = player.getByRole("button", { name: "Stopp" });
    await stop.waitFor();
    // The countdown runs and the bar fills while it plays.
    await expect
      .poll(() => countdown.innerText(), { timeout: 5_000 })
      .not.toMatch(new RegExp(`${full}$`));
    const progress = () =>
      player
        .locator(".audio-player__track")
        .evaluate((track: HTMLElement) => parseFloat(track.style.getPropertyValue("--progress")));
    expect(await progress()).toBeGreaterThan(0);
    expect(reportsOf(audioRef)).toEqual([]);

    // Tap the slider near its end: past the seen ratio (0.8) the audio is reported, once.
    const box = await seek.boundingBox();
    if (box === null) throw new Error("the seek slider has no box");
    await seek.click({ position: { x: box.width * 0.9, y: box.height / 2 } });
    await expect.poll(() => reportsOf(audioRef).length, { timeout: 5_000 }).toBe(1);
    const [report] = reportsOf(audioRef);
    expect(report?.sent).toBeGreaterThanOrEqual(0.8);
    expect(report?.seen).toBe(true);
    expect(await progress()).toBeGreaterThanOrEqual(80);
    expect(await seek.getAttribute("aria-valuetext")).toMatch(
      new RegExp(`^0:1\\d von 0:${Math.ceil(duration)}$`),
    );
    await settle(page);
    await screenshot(page, "media-02-audio-seeked");

    // Back to a third, so that it still plays when stopped (the last tenth lasts two seconds).
    await seek.click({ position: { x: box.width * 0.3, y: box.height / 2 } });
    expect(await seek.getAttribute("aria-valuetext")).toMatch(/^0:0\d von /);
    await stop.click();
    await play.waitFor();
    // Stop returns to the start: the next play begins at 0:00.
    expect(
      await player
        .locator("audio")
        .evaluate((audio: HTMLAudioElement) => [audio.paused, audio.currentTime]),
    ).toEqual([true, 0]);
    expect(await seek.inputValue()).toBe("0");
    expect(await countdown.innerText()).toMatch(new RegExp(`${full}$`));
    await page.waitForTimeout(300);
    expect(reportsOf(audioRef)).toHaveLength(1);
  });

  it("finishes the station with a button after the audio", async () => {
    await page.getByRole("button", { name: "Ja, erzähl!" }).click({ timeout: 15_000 });
    await messagesFrom(page, "Lena")
      .filter({ hasText: "Hier endet meine Führung" })
      .waitFor({ timeout: 20_000 });
    await done().waitFor();
  });

  it("shows a player whose file does not load as such in its place, and plays after the retry", async () => {
    // A player of their own, whose audio file fails at first.
    const { page } = await phonePage(browser as Browser, server.url);
    const reported: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/client/errors")) reported.push(request.postDataJSON());
    });
    await page.route(`**/assets/webapp-data/${audioRef}`, (route) => route.abort("failed"));
    await joinForFree(page, "/webapp/station/3");
    await startStation(page);
    const failed = page.getByRole("alert").filter({ hasText: "nicht abspielen" });
    await failed.waitFor({ timeout: 20_000 });
    await messagesFrom(page, "Lena").first().waitFor();
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0]).toMatchObject({ kind: "media", path: "/webapp/station/3" });
    await settle(page);
    await screenshot(page, "media-04-audio-failed");

    await page.unroute(`**/assets/webapp-data/${audioRef}`);
    await failed.getByRole("button", { name: "Noch einmal versuchen" }).click();
    const player = page.getByRole("group", { name: "Audio: Lena" });
    await player.waitFor();
    await expect
      .poll(() => player.locator("audio").evaluate((audio: HTMLAudioElement) => audio.duration))
      .toBeGreaterThan(0);
    expect(await failed.count()).toBe(0);
  });

  it("loads a station's thumbnail at 480 pixels and its page's picture at the column's width", async () => {
    // A player of their own, on a phone at 2x.
    const { page } = await phonePage(browser as Browser, server.url);
    const sizes: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/elisabethkirche.jpg"))
        sizes.push(new URL(response.url()).search);
    });
    await joinForFree(page, "/webapp/station");
    const card = page.locator("article", { hasText: "Die Elisabethkirche" });
    const thumbnail = card.locator(".station-card__image img");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/stations\/3\/elisabethkirche\.jpg\?w=480$/);
    expect(sizes).toEqual(["?w=480"]);

    await card.getByRole("link").click();
    const picture = page.locator(".station__image");
    // 390 CSS pixels at 2x: the 960 width, which for this 800-pixel photo is the file itself.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/elisabethkirche\.jpg\?w=960$/);
    // Only what the screens showed was loaded: no full-size file for the thumbnail.
    expect(sizes).toEqual(["?w=480", "?w=960"]);
    await settle(page);
    await screenshot(page, "media-03-station-picture");
  });
});
