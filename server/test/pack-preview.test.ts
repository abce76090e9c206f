import { cp, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  opsDraftText,
  opsOverview,
  opsPreviewOutcome,
  playerStatusSchema,
  webAppConfigSchema,
} from "@wegmarke/protocol";
import type { OpsPreviewOutcome } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { Api, texts, typed } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { opsCall, titleOn } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The studio's preview: the draft played by the players' app in a game of its own, below
 * `/preview/<id>/`, whose players never reach the game's figures and leave nothing behind.
 */

const TOKEN = "pack-preview-token-".padEnd(48, "v");
/** The demo's churchyard opens by its QR code only, the Steinweg only near its steps. */
const QR_STATION = 14;
const NEAR_STATION = 15;

describe.each(dialects)("the studio's preview on $name", (dialect) => {
  let database: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let cacheDir: { dir: string; remove(): Promise<void> };
  let app: TestApp;

  const ops = (method: string, path: string, body?: unknown) =>
    opsCall(app, TOKEN, method, path, body);
  const preview = async (desk: boolean): Promise<OpsPreviewOutcome & { ok: true }> => {
    const started = await ops("POST", "/pack/draft/preview", { desk });
    expect(started.status, started.text).toBe(200);
    const outcome = opsPreviewOutcome.parse(started.json);
    if (!outcome.ok) throw new Error("the preview was refused");
    return outcome;
  };
  /** The preview's prefix, `/preview/<id>`. */
  const baseOf = (outcome: { path: string }) => outcome.path.replace(/\/webapp\/$/, "");
  const retitle = async (title: string) => {
    const game = opsDraftText.parse((await ops("GET", "/pack/draft/file?path=game.yaml")).json);
    const text = game.text.replace(/^title:\n {2}de: .*$/m, `title:\n  de: ${title}`);
    const saved = await ops("PUT", "/pack/draft/file", {
      path: "game.yaml",
      text,
      replaces: game.hash,
    });
    expect(saved.status).toBe(200);
  };

  beforeEach(async () => {
    database = await dialect.open();
    packDir = await tempDir();
    cacheDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    const pack = await loadContentPack(packDir.dir);
    app = await startApp({
      ...database.where,
      pack,
      config: { operatorToken: TOKEN, packCacheDir: cacheDir.dir },
    });
    expect((await ops("POST", "/content/reload", {})).status).toBe(200);
  });

  afterEach(async () => {
    await app.close();
    await database.done();
    await packDir.remove();
    await cacheDir.remove();
  });

  it("plays the draft below its own path, where the game's players see nothing of it", async () => {
    await retitle("Im Entwurf");
    const started = await preview(false);
    expect(started).toMatchObject({ desk: false, languages: ["de", "en"] });
    const base = baseOf(started);
    expect(base).toMatch(/^\/preview\/[A-Za-z0-9_-]{16}$/);

    const config = webAppConfigSchema.parse(
      await (await fetch(`${app.url}${base}/webapp/config.json`)).json(),
    );
    expect(config).toMatchObject({
      accountBase: `${base}/api/account/`,
      gameBase: `${base}/api/game/`,
      assetsBase: `${base}/assets/webapp-data/`,
    });
    expect(await titleOn(app, base)).toBe("Im Entwurf");
    expect(await titleOn(app)).toBe("Märchenhaftes Marburg");
    const picture = await fetch(
      `${app.url}${base}/assets/webapp-data/stations/3/elisabethkirche.jpg`,
    );
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");

    // A player of the preview plays a station; the game has no player.
    const player = new Api(`${app.url}${base}`);
    const hash = await player.optin();
    await player.game("station/activate", { StationID: 1, Hash: hash, Language: "de" });
    const stream = await player.events(hash);
    const status = playerStatusSchema.parse(JSON.parse((await stream.next()).data));
    stream.close();
    expect(status.CurrentStation).toBe(1);
    // Where it is no desk, the QR and the near station open as they do outside.
    const [qrStatus] = await player.gameFailure("station/activate", {
      StationID: QR_STATION,
      Hash: hash,
    });
    expect(qrStatus).toBe(403);
    const overview = opsOverview.parse((await ops("GET", "/overview")).json);
    expect(overview.players.total).toBe(0);
    // The game's token is no player of the preview, nor the preview's of the game.
    const [status401] = await new Api(app.url).gameFailure("station/activate", {
      StationID: 1,
      Hash: hash,
    });
    expect(status401).toBe(401);
  });

  it("opens QR and near stations from the list at the desk, secret ones listed", async () => {
    const base = baseOf(await preview(true));
    const player = new Api(`${app.url}${base}`);
    const hash = await player.optin();
    const stream = await player.events(hash);
    const status = playerStatusSchema.parse(JSON.parse((await stream.next()).data));
    stream.close();
    expect(status.Stations[String(QR_STATION)]).not.toHaveProperty("Trigger");
    expect(status.Stations[String(NEAR_STATION)]).not.toHaveProperty("Trigger");
    await player.game("station/activate", { StationID: QR_STATION, Hash: hash, Language: "de" });
    await player.game("station/activate", {
      StationID: NEAR_STATION,
      Hash: hash,
      Language: "de",
    });
  });

  it("keeps one preview for one draft, starts another for a saved change and ends the old", async () => {
    const first = await preview(true);
    expect((await preview(true)).path).toBe(first.path);
    await retitle("Geändert");
    const second = await preview(true);
    expect(second.path).not.toBe(first.path);
    expect(second.digest).not.toBe(first.digest);
    expect(await titleOn(app, baseOf(second))).toBe("Geändert");
    const ended = await fetch(`${app.url}${baseOf(first)}/webapp/config.json`);
    expect(ended.status).toBe(404);
    expect(await ended.text()).toBe("this preview has ended: start it again in the studio");
    // Another mode is another game.
    expect((await preview(false)).path).not.toBe(second.path);
    expect(await readdir(join(cacheDir.dir, "previews"))).toHaveLength(1);
  });

  it("starts a station's dialogue at a knot, and says so of a knot its script lacks", async () => {
    const started = await ops("POST", "/pack/draft/preview", {
      desk: true,
      start: { file: "stations/1-marktplatz/script.de.ink", knot: "frage" },
    });
    expect(started.status, started.text).toBe(200);
    const base = baseOf(opsPreviewOutcome.parse(started.json) as { path: string });
    const player = new Api(`${app.url}${base}`);
    const hash = await player.optin();
    const stream = await player.events(hash);
    await stream.next();
    await player.game("station/activate", { StationID: 1, Hash: hash, Language: "de" });
    const first = texts(await stream.until("answer-expected"));
    stream.close();
    expect(first).toEqual(["Welches Tier kräht dort oben zur vollen Stunde?"]);
    // The draft itself is as it was.
    const script = opsDraftText.parse(
      (await ops("GET", "/pack/draft/file?path=stations/1-marktplatz/script.de.ink")).json,
    );
    expect(script.text.startsWith("->")).toBe(false);

    const missing = await ops("POST", "/pack/draft/preview", {
      desk: true,
      start: { file: "stations/1-marktplatz/script.de.ink", knot: "nirgends" },
    });
    expect(missing.status).toBe(422);
    const refused = opsPreviewOutcome.parse(missing.json);
    if (refused.ok) throw new Error("a missing knot played");
    const [problem] = refused.check.groups[0]?.problems ?? [];
    expect(problem).toMatchObject({ file: "stations/1-marktplatz/script.de.ink", line: 1 });
    expect(problem?.message).toContain("nirgends");
  });

  it("plays quicker when asked: a P.S. due in a minute comes in a second, and typing is quicker", async () => {
    const started = await ops("POST", "/pack/draft/preview", { desk: true, fast: true });
    const outcome = opsPreviewOutcome.parse(started.json);
    expect(outcome).toMatchObject({ ok: true, fast: true });
    const base = baseOf(outcome as { path: string });
    const config = webAppConfigSchema.parse(
      await (await fetch(`${app.url}${base}/webapp/config.json`)).json(),
    );
    expect(config.timePerCharacterInMs).toBe(3);
    const player = new Api(`${app.url}${base}`);
    const hash = await player.optin();
    const stream = await player.events(hash);
    await stream.next();
    await player.game("station/activate", { StationID: 4, Hash: hash, Language: "de" });
    const asked = (await stream.until("buttoninput-expected")).map(typed);
    const button = asked.find((event) => event.type === "webbutton");
    if (button?.type !== "webbutton") throw new Error("no button");
    await player.game("button/activate", { StationID: 4, Button: button.data.Target, Hash: hash });
    // Jacob's P.S. is written with `#delay: 1m`: each wait for the next line gives up after 5 s.
    const lines: string[] = [];
    while (!lines.some((text) => text.startsWith("P.S."))) {
      lines.push(...texts(await stream.until("webtext", 5_000)));
    }
    stream.close();
    expect(lines.at(-1)).toMatch(/^P\.S\. Unter „Geschichten“/);
  });

  it("answers only the player app's calls", async () => {
    const base = baseOf(await preview(true));
    for (const path of ["/api/ops/overview", "/ops/", "/metrics", "/api/health"]) {
      const response = await fetch(`${app.url}${base}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it("refuses a draft the game cannot play, with the check's problems", async () => {
    const path = "stations/1-marktplatz/script.de.ink";
    const script = opsDraftText.parse(
      (await ops("GET", `/pack/draft/file?${new URLSearchParams({ path })}`)).json,
    );
    const broken = script.text.replace("-> END", "-> ENDE");
    expect(broken).not.toBe(script.text);
    await ops("PUT", "/pack/draft/file", { path, text: broken, replaces: script.hash });
    const refused = await ops("POST", "/pack/draft/preview", { desk: true });
    expect(refused.status).toBe(422);
    const outcome = opsPreviewOutcome.parse(refused.json);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.check.groups[0]).toMatchObject({ kind: "station", id: 1 });
    expect(await readdir(join(cacheDir.dir, "previews"))).toHaveLength(0);
  });

  it("leaves nothing behind when the server stops", async () => {
    await preview(true);
    expect(await readdir(join(cacheDir.dir, "previews"))).toHaveLength(1);
    await app.close();
    expect(await readdir(join(cacheDir.dir, "previews"))).toHaveLength(0);
    app = await startApp({
      ...database.where,
      pack: await loadContentPack(packDir.dir),
      config: { operatorToken: TOKEN, packCacheDir: cacheDir.dir },
    });
  });

  it.skipIf(dialect.name !== "PostgreSQL")(
    "plays through another instance, which hands the calls on",
    async () => {
      const other = await startApp({
        ...database.where,
        pack: await loadContentPack(packDir.dir),
        config: { operatorToken: TOKEN, packCacheDir: cacheDir.dir },
      });
      try {
        const first = await preview(true);
        const base = baseOf(first);
        const config = await fetch(`${other.url}${base}/webapp/config.json`);
        expect(config.status).toBe(200);
        expect(webAppConfigSchema.parse(await config.json()).gameBase).toBe(`${base}/api/game/`);
        const player = new Api(`${other.url}${base}`);
        const hash = await player.optin();
        await player.game("station/activate", { StationID: 1, Hash: hash, Language: "de" });
        // The event stream comes through as it goes.
        const stream = await player.events(hash);
        const status = playerStatusSchema.parse(JSON.parse((await stream.next()).data));
        stream.close();
        expect(status.CurrentStation).toBe(1);
        // The player is the preview's, on the instance that runs it.
        const [known] = await new Api(`${app.url}${base}`).gameFailure("station/activate", {
          StationID: 2,
          Hash: hash,
        });
        expect(known).toBe(200);

        await retitle("Neu");
        await preview(true);
        const ended = await fetch(`${other.url}${base}/webapp/config.json`);
        expect(ended.status).toBe(404);
      } finally {
        await other.close();
      }
    },
  );

  it("starts only for a signed-in author, and only with a valid body", async () => {
    const started = await fetch(`${app.url}/api/ops/pack/draft/preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ desk: true }),
    });
    expect(started.status).toBe(401);
    const bad = await ops("POST", "/pack/draft/preview", { desk: "ja" });
    expect(bad.status).toBe(400);
  });
});
