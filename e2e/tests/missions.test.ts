import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { submissionsResponse } from "@wegmarke/protocol";
import type { Submission } from "@wegmarke/protocol";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { addToPack, demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/** A station's station.yaml near the market place: its character and texts in German. */
function station(
  id: number,
  name: string,
  [de, en]: [string, string],
  longitude: number,
  points: number,
  [title, desc]: [string, string],
): string {
  return `id: ${id}
name: ${name}
character: { de: ${de}, en: ${en} }
latitude: 50.8095
longitude: ${longitude}
points: ${points}
view: station
style: plain
texts:
  de: { title: ${title}, desc: ${desc} }
`;
}

/** Three stations with missions: a photo, a voice recording and a video, judged by a host. */
const MISSIONS: Record<string, string> = {
  "stations/16-brunnen/station.yaml": station(
    16,
    "brunnen",
    ["Der Drachenwart", "The Dragon Keeper"],
    8.7705,
    5,
    ["Der Marktbrunnen", "Ein Drache speit Wasser."],
  ),
  "stations/16-brunnen/script.de.ink": `VAR points = 0
Zeig mir den Drachen am Brunnen!
- (drache)
+ [Der Drache am Marktbrunnen #photo #points: 3]
    Genau der!
+ [#rejected]
    Such weiter!
    -> drache
- Weiter zum Schloss!
-> END
`,
  "stations/17-lied/station.yaml": station(17, "lied", ["Die Sängerin", "The Singer"], 8.7706, 2, [
    "Das Lied",
    "Sing mit.",
  ]),
  "stations/17-lied/script.de.ink": `VAR points = 0
Sing mir dein Lied!
+ [Ein Lied #voice: 10s #points: 2]
    Schön gesungen!
- -> END
`,
  "stations/18-tanz/station.yaml": station(
    18,
    "tanz",
    ["Der Tanzmeister", "The Dance Master"],
    8.7707,
    2,
    ["Der Tanz", "Tanz mit."],
  ),
  "stations/18-tanz/script.de.ink": `VAR points = 0
Zeig mir deinen Tanz, zehn Sekunden lang!
+ [Ein Tanz #video: 10s #points: 2]
    Was für ein Schwung!
- -> END
`,
};

/**
 * A phone's short video: two seconds of a moving square, recorded as WebM by the browser's
 * MediaRecorder from a canvas, as a phone's camera app hands one over.
 */
async function phoneVideo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext("2d");
    if (!g) throw new Error("no canvas");
    let x = 0;
    const draw = setInterval(() => {
      g.fillStyle = "#284";
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = "#fd4";
      g.fillRect((x += 8) % 320, 90, 60, 60);
    }, 40);
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    await stopped;
    clearInterval(draw);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

/**
 * A phone's photo: 2,400 × 1,800 pixels of noise (a real photo's weight, about 2 MB, so that
 * its pieces take a while), with the camera's make and the GPS position in its EXIF.
 */
async function phonePhoto(): Promise<Buffer> {
  const { data, info } = await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: "#777",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info })
    .jpeg({ quality: 92 })
    .withExifMerge({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "50/1 48/1 32/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "8/1 46/1 1/1",
      },
    })
    .toBuffer();
}

/**
 * Missions end to end (issue 27): a player's photo with GPS data goes in pieces, through a
 * dropped network, and arrives once; a host approves it in the console with a line, which the
 * player's chat shows before the dialogue goes on; the kept picture has no GPS data. The same
 * for a rejection, and for a voice recording made with the microphone.
 */
describe("missions", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    await addToPack(pack, MISSIONS);
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    await ops.setViewportSize({ width: 1280, height: 860 });
    await signInNewOperator(ops, "hanna", addOperator(server, "hanna", "host"), "Drachenfels-2026");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const tokenOf = (page: Page) =>
    page.evaluate(
      () => JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").authToken as string,
    );

  async function submissionsOf(page: Page): Promise<Submission[]> {
    const response = await fetch(`${server.url}/api/game/submissions?hash=${await tokenOf(page)}`);
    return submissionsResponse.parse(await response.json()).value;
  }

  async function atStation(page: Page, stationId: number, first: string, from: string) {
    await joinForFree(page, `/webapp/station/${stationId}`);
    await startStation(page);
    await messagesFrom(page, from).filter({ hasText: first }).waitFor({ timeout: 30_000 });
  }

  /** The host's judging page, showing the submission of `who`... by its task. */
  async function judge(key: "a" | "r", line: string) {
    await ops.goto("/ops/judging");
    const media = ops.locator(".judging__media").locator("img, audio, video");
    await media.first().waitFor({ timeout: 15_000 });
    await ops.getByLabel("Die Figur sagt (freiwillig)").fill(line);
    await screenshot(ops, `60-judging-${key}`);
    await ops.locator("h1").click();
    await ops.keyboard.press(key);
    await ops.getByText(key === "a" ? /^Angenommen:/ : /^Abgelehnt:/).waitFor();
  }

  it("sends a photo in pieces through a dropped network, once, and a host's approval goes on", async () => {
    // The route below must see the pieces; a controlling service worker would carry them past it.
    const { context, page } = await phonePage(browser as Browser, server.url, marktplatz, "block");
    await atStation(page, 16, "Zeig mir den Drachen", "Der Drachenwart");
    await page.getByRole("button", { name: "Foto aufnehmen" }).waitFor();
    await screenshot(page, "61-mission-asked");

    // The pieces go slowly, so that the network can drop in the middle.
    let pieces = 0;
    await page.route("**/api/game/uploads/**", async (route) => {
      if (route.request().method() === "PATCH") {
        pieces += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await route.continue();
    });
    await page.getByLabel("Aus der Galerie").setInputFiles({
      name: "IMG_0042.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(),
    });
    const pending = page.getByTestId("pending-upload");
    await pending.getByText(/^Wird gesendet: \d+ %$/).waitFor();
    await expect.poll(() => pieces).toBeGreaterThanOrEqual(1);
    await context.setOffline(true);
    await pending
      .getByText("Keine Verbindung: wird gesendet, sobald das Netz zurück ist.")
      .waitFor({
        timeout: 15_000,
      });
    await screenshot(page, "62-mission-offline");
    await context.setOffline(false);
    await page
      .getByRole("status")
      .filter({ hasText: "Wartet auf die Spielleitung …" })
      .first()
      .waitFor({
        timeout: 30_000,
      });
    // The waiting line may come over the stream a moment before the upload's own answer.
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
    const sent = await submissionsOf(page);
    expect(sent.map((submission) => [submission.Kind, submission.State])).toEqual([
      ["photo", "waiting"],
    ]);
    await page.getByRole("img", { name: "Foto" }).waitFor();
    await settle(page);
    await screenshot(page, "63-mission-waiting");

    await judge("a", "Wunderbar, genau der Drache!");
    await messagesFrom(page, "Der Drachenwart")
      .filter({ hasText: "Wunderbar, genau der Drache!" })
      .waitFor();
    await messagesFrom(page, "Der Drachenwart")
      .filter({ hasText: "Weiter zum Schloss!" })
      .waitFor();
    await page.getByRole("status").filter({ hasText: "Angenommen" }).waitFor();
    await screenshot(page, "64-mission-approved");

    // What is kept has no EXIF: no GPS position, no camera.
    const [kept] = await submissionsOf(page);
    const file = Buffer.from(await (await fetch(`${server.url}${kept?.Url ?? ""}`)).arrayBuffer());
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.exif, Math.max(meta.width ?? 0, meta.height ?? 0)]).toEqual([
      "jpeg",
      undefined,
      1600,
    ]);
    expect(file.includes(Buffer.from("TestPhone"))).toBe(false);

    // The gallery, in the menu once something was sent.
    await page.getByRole("button", { name: "Mehr" }).click();
    await page.getByRole("link", { name: "Einsendungen" }).click();
    await page.getByRole("img", { name: "Foto an Der Marktbrunnen" }).waitFor();
    await settle(page);
    await screenshot(page, "68-gallery");
    await context.close();
  });

  it("takes the rejected way when a host rejects, and asks again", async () => {
    const { context, page } = await phonePage(browser as Browser, server.url);
    await atStation(page, 16, "Zeig mir den Drachen", "Der Drachenwart");
    await page.getByLabel("Foto aufnehmen").setInputFiles({
      name: "IMG_0043.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(),
    });
    await page
      .getByRole("status")
      .filter({ hasText: "Wartet auf die Spielleitung …" })
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await judge("r", "Das ist ein Löwe.");
    await messagesFrom(page, "Der Drachenwart").filter({ hasText: "Das ist ein Löwe." }).waitFor();
    await messagesFrom(page, "Der Drachenwart").filter({ hasText: "Such weiter!" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Nicht angenommen" }).waitFor();
    await page.getByRole("button", { name: "Foto aufnehmen" }).waitFor();
    await settle(page);
    await screenshot(page, "65-mission-rejected");
    await context.close();
  });

  it("records a voice with the microphone, and a host approves it", async () => {
    // A browser with a fake microphone, which plays a tone.
    const withMicrophone = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ]);
    let context: BrowserContext | undefined;
    try {
      context = await withMicrophone.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: "de-DE",
        geolocation: { ...marktplatz, accuracy: 30 },
        permissions: ["geolocation", "microphone"],
      });
      const page = await context.newPage();
      await atStation(page, 17, "Sing mir dein Lied!", "Die Sängerin");
      await page.getByRole("button", { name: "Aufnahme starten" }).click();
      await page.getByText(/^Aufnahme läuft: 2 s von 10 s$/).waitFor({ timeout: 10_000 });
      await screenshot(page, "66-mission-recording");
      await page.getByRole("button", { name: "Stopp und senden" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "Wartet auf die Spielleitung …" })
        .first()
        .waitFor({
          timeout: 30_000,
        });
      const [voice] = await submissionsOf(page);
      expect(voice?.Kind).toBe("voice");
      expect(voice?.Seconds ?? 2).toBeGreaterThan(1);
      await judge("a", "Was für eine Stimme!");
      await messagesFrom(page, "Die Sängerin").filter({ hasText: "Schön gesungen!" }).waitFor();
      await screenshot(page, "67-mission-voice-approved");
    } finally {
      await context?.close();
      await withMicrophone.close();
    }
  });

  it("sends a video from the camera, served so that no browser runs it, and a host approves it", async () => {
    const { context, page } = await phonePage(browser as Browser, server.url);
    await atStation(page, 18, "Zeig mir deinen Tanz", "Der Tanzmeister");
    await page.getByRole("button", { name: "Video aufnehmen" }).waitFor();
    await page.getByLabel("Video aufnehmen").setInputFiles({
      name: "VID_0007.webm",
      mimeType: "video/webm",
      buffer: await phoneVideo(page),
    });
    await page
      .getByRole("status")
      .filter({ hasText: "Wartet auf die Spielleitung …" })
      .first()
      .waitFor({ timeout: 30_000 });
    const [video] = await submissionsOf(page);
    expect([video?.Kind, video?.State]).toEqual(["video", "waiting"]);
    const served = await fetch(`${server.url}${video?.Url ?? ""}`);
    expect([
      served.status,
      served.headers.get("content-type"),
      served.headers.get("x-content-type-options"),
    ]).toEqual([200, "video/webm", "nosniff"]);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    await page.locator("video.submission__video").waitFor();
    await settle(page);
    await screenshot(page, "69-mission-video-waiting");

    await judge("a", "Bravo!");
    await messagesFrom(page, "Der Tanzmeister").filter({ hasText: "Bravo!" }).waitFor();
    await messagesFrom(page, "Der Tanzmeister")
      .filter({ hasText: "Was für ein Schwung!" })
      .waitFor();
    await page.getByRole("status").filter({ hasText: "Angenommen" }).waitFor();
    await context.close();
  });
});
