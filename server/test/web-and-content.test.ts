import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { publicContentSchema, webAppConfigSchema } from "@wegmarke/protocol";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
const INDEX = "<!doctype html><title>Wegmarke</title>";

beforeAll(async () => {
  dir = await tempDir();
  const webDist = join(dir.dir, "dist");
  await mkdir(join(webDist, "assets"), { recursive: true });
  await writeFile(join(webDist, "index.html"), INDEX);
  await writeFile(join(webDist, "assets", "app-1a2b3c.js"), "console.log('app')");
  await writeFile(join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});");
  app = await startApp({
    dbFile: join(dir.dir, "db.sqlite"),
    config: { webDist, corsOrigins: ["https://friends.example"] },
  });
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const get = (path: string, init?: RequestInit) =>
  fetch(`${app.url}${path}`, { redirect: "manual", ...init });

describe("the web app's settings and texts", () => {
  it("serves config.json from the pack", async () => {
    const response = await get("/webapp/config.json");
    expect(response.status).toBe(200);
    expect(webAppConfigSchema.parse(await response.json())).toEqual({
      storyId: "marburg",
      title: "Märchenhaftes Marburg",
      apiVersion: 1,
      accountBase: "/api/account/",
      gameBase: "/api/game/",
      assetsBase: "/assets/webapp-data/",
      defaultLanguage: "de",
      // The title's two, and the formal German its stations speak.
      languages: ["de", "de-formal", "en"],
      followBrowserLanguage: true,
      allowTeams: false,
      teams: "off",
      registrationLess: false,
      debug: false,
      stationDistanceThreshold: 3000,
      allowGeolocation: true,
      allowSortbyDistance: true,
      unreadMessageDelayMs: 5000,
      timePerCharacterInMs: 15,
      themeColor: "#a3302a",
      appleTouchIcon: "/webapp/app-icons/apple-touch-icon.png",
    });
  });

  it("serves the web manifest of the game: its name, colours and icon", async () => {
    const response = await get("/webapp/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const manifest = (await response.json()) as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      id: "/webapp/?game=marburg",
      name: "Märchenhaftes Marburg",
      short_name: "Märchen",
      lang: "de",
      start_url: "/webapp/",
      scope: "/webapp/",
      display: "standalone",
      theme_color: "#a3302a",
      background_color: "#fbf5ec",
    });
    for (const icon of manifest.icons) {
      const png = await get(icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      const { format, width, height } = await sharp(
        Buffer.from(await png.arrayBuffer()),
      ).metadata();
      expect([format, `${width}x${height}`], icon.src).toEqual(["png", icon.sizes]);
    }
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(["any", "any", "maskable"]);
  });

  it("makes the icons of the pack's picture: the maskable one and Apple's on the background", async () => {
    const pixel = async (path: string, x: number, y: number) => {
      const png = Buffer.from(await (await get(path)).arrayBuffer());
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return { size: [info.width, info.height], rgb: [...data.subarray(at, at + 3)] };
    };
    // The picture's corner is its own red; the maskable icon's edge is the background colour.
    expect(await pixel("/webapp/app-icons/icon-512.png", 2, 2)).toEqual({
      size: [512, 512],
      rgb: [0xa3, 0x30, 0x2a],
    });
    expect(await pixel("/webapp/app-icons/icon-maskable-512.png", 2, 2)).toEqual({
      size: [512, 512],
      rgb: [0xfb, 0xf5, 0xec],
    });
    expect((await pixel("/webapp/app-icons/apple-touch-icon.png", 90, 90)).size).toEqual([
      180, 180,
    ]);
    for (const path of ["/webapp/app-icons/icon-64.png", "/webapp/app-icons/..%2Fgame.yaml"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("serves the station texts per language", async () => {
    for (const language of ["de", "de-formal", "en"]) {
      const response = await get(`/webapp/content/${language}.json`);
      expect(response.status).toBe(200);
      const content = publicContentSchema.parse(await response.json());
      expect(content.language).toBe(language);
      expect(Object.keys(content.stations)).toEqual([
        ...["1", "2", "3", "4", "5", "6", "7", "8", "9"],
        ...["14", "15"],
      ]);
    }
    const en = publicContentSchema.parse(await (await get("/webapp/content/en.json")).json());
    expect(en.stations["1"]?.title).toBe("The Market Square");
  });

  it("gives the width and height of every picture, so that the app keeps its place", async () => {
    const content = publicContentSchema.parse(await (await get("/webapp/content/de.json")).json());
    expect(content.pictureSizes).toMatchObject({
      "stations/3/elisabethkirche.jpg": [800, 600],
      "stations/7/hexenturm.png": [480, 320],
      "stories/1/kerze.png": [480, 320],
      "points/wappen-0.png": [240, 300],
      "intro/1.png": [480, 320],
    });
    // Pictures only: no audio, no video, no script.
    expect(Object.keys(content.pictureSizes ?? {}).every((ref) => /\.(jpg|png)$/.test(ref))).toBe(
      true,
    );
  });

  it("answers 400 for an unknown language", async () => {
    const response = await get("/webapp/content/fr.json");
    expect([response.status, await response.text()]).toEqual([400, "unknown language"]);
  });
});

describe("media of the pack", () => {
  it("serves a station's image and audio, with ranges", async () => {
    const image = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    const audio = await get("/assets/webapp-data/stations/3/rosenwunder.mp3", {
      headers: { range: "bytes=0-9" },
    });
    expect(audio.status).toBe(206);
    expect((await audio.arrayBuffer()).byteLength).toBe(10);
  });

  it("serves a photo in the smaller widths the app asks for, and refuses others", async () => {
    const full = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg");
    const small = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg?w=480");
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/jpeg");
    expect(small.headers.get("cache-control")).toBe("public, max-age=3600");
    const bytes = Buffer.from(await small.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 480, height: 360 });
    expect(bytes.length).toBeLessThan((await full.arrayBuffer()).byteLength);
    // No wider than 960 already: the file itself.
    const same = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg?w=960");
    expect((await sharp(Buffer.from(await same.arrayBuffer())).metadata()).width).toBe(800);
    const odd = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg?w=500");
    expect([odd.status, await odd.text()]).toEqual([400, expect.stringContaining("480, 960")]);
    expect((await get("/assets/webapp-data/stations/3/missing.jpg?w=480")).status).toBe(404);
  });

  it("never serves scripts, station files, other folders or missing files", async () => {
    for (const path of [
      "stations/1/script.de.ink",
      "stations/1/station.yaml",
      "stations/3/%2e%2e/%2e%2e/game.yaml",
      "stations/9/elisabethkirche.jpg",
      "stations/3/missing.jpg",
      "game.yaml",
    ]) {
      const response = await get(`/assets/webapp-data/${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("the web app", () => {
  it("redirects / and /webapp to /webapp/", async () => {
    for (const path of ["/", "/webapp"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      // Relative, so that below another game's prefix it stays in that game (games.test.ts).
      const location = new URL(response.headers.get("location") ?? "", response.url);
      expect(location.pathname).toBe("/webapp/");
    }
  });

  it("serves index.html for the app and for every unknown app path", async () => {
    for (const path of ["/webapp/", "/webapp/station/1", "/webapp/no/such/page"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX);
    }
  });

  it("caches hashed bundles for good and answers 404 for missing ones", async () => {
    const bundle = await get("/webapp/assets/app-1a2b3c.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const other = await get("/webapp/sw.js");
    expect(other.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/webapp/assets/app-000000.js")).status).toBe(404);
  });

  it("answers 503 with a hint when the app is not built", async () => {
    const bare = await startApp({ dbFile: join(dir.dir, "bare.sqlite") });
    try {
      for (const path of ["/webapp/", "/webapp/station/1"]) {
        const response = await fetch(`${bare.url}${path}`);
        expect([response.status, await response.text()]).toEqual([
          503,
          "web app not built: run npm run build",
        ]);
      }
      expect((await fetch(`${bare.url}/webapp/config.json`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe("cross-origin calls", () => {
  it("are allowed for the configured origins only", async () => {
    const allowed = await get("/api/account/player/optin/token", {
      headers: { origin: "https://friends.example" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://friends.example");
    const other = await get("/api/account/player/optin/token", {
      headers: { origin: "https://strangers.example" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await get("/api/game/player/answer", {
      method: "OPTIONS",
      headers: {
        origin: "https://friends.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
  });
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect([(await get("/healthz")).status, await (await get("/healthz")).text()]).toEqual([
      200,
      "ok",
    ]);
    expect((await get("/readyz")).status).toBe(200);
  });

  it("is not ready without its database", async () => {
    const other = await startApp({ dbFile: join(dir.dir, "gone.sqlite") });
    await other.store.close();
    const response = await fetch(`${other.url}/readyz`);
    expect([response.status, await response.text()]).toEqual([503, "database unreachable"]);
    expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    await other.close().catch(() => undefined);
  });
});
