import { opsPreviewOutcome, submissionsResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A submission's signed link opens its file in the game it was made for only: the studio's
 * preview signs with the server's secret and numbers its submissions from 1 as the live game
 * does, so the link's base is part of what is signed.
 */

const TOKEN = "preview-links-token-".padEnd(48, "l");

describe.each(dialects)("a preview's submission links on $name", (dialect) => {
  let db: TestDatabase;
  let dir: { dir: string; remove(): Promise<void> };
  let cacheDir: { dir: string; remove(): Promise<void> };
  let app: TestApp;

  beforeAll(async () => {
    db = await dialect.open();
    dir = await tempDir();
    cacheDir = await tempDir();
    app = await startApp({
      ...db.where,
      pack: await missionPack(dir.dir),
      config: { operatorToken: TOKEN, packCacheDir: cacheDir.dir },
    });
    expect((await opsCall(app, TOKEN, "POST", "/content/reload", {})).status).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
    await dir.remove();
    await cacheDir.remove();
  });

  /** A player of the game below `base` sends a photo at station 11: its gallery entry. */
  async function photoAt(base: string) {
    const api = new Api(`${app.url}${base}`);
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 11, Hash: hash });
    const sent = await new Uploads(`${app.url}${base}`, hash).upload(await phonePhoto(), {
      station: "11",
      kind: "photo",
    });
    expect(sent.status, sent.text).toBe(204);
    const response = await fetch(`${app.url}${base}/api/game/submissions?hash=${hash}`);
    const [mine] = submissionsResponse.parse(await response.json()).value;
    if (!mine?.Url) throw new Error("no link in the gallery");
    return { id: sent.submission, url: mine.Url };
  }

  it("opens no live file with a preview's link, and no preview file with a live one", async () => {
    const live = await photoAt("");
    const started = await opsCall(app, TOKEN, "POST", "/pack/draft/preview", { desk: true });
    expect(started.status, started.text).toBe(200);
    const outcome = opsPreviewOutcome.parse(started.json);
    if (!outcome.ok) throw new Error("the preview was refused");
    const base = outcome.path.replace(/\/webapp\/$/, "");
    const previewed = await photoAt(base);
    // Both games' first photo: the same number, the same path below the base.
    expect(previewed.id).toBe(live.id);
    expect(previewed.url.startsWith(`${base}/api/submissions/`)).toBe(true);
    expect(previewed.url.slice(base.length)).toMatch(/^\/api\/submissions\/\d+\/file\?/);

    expect((await fetch(`${app.url}${live.url}`)).status).toBe(200);
    // The preview's gallery shows its own photo.
    const own = await fetch(`${app.url}${previewed.url}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");
    // The preview's link without its prefix, at the live game.
    const stripped = await fetch(`${app.url}${previewed.url.slice(base.length)}`);
    expect(stripped.status).toBe(403);
    // The live game's link below the preview's prefix.
    const moved = await fetch(`${app.url}${base}${live.url}`);
    expect(moved.status).toBe(403);
  });
});
