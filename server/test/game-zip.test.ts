import { zipSync, unzipSync, strFromU8, strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditPage,
  GAME_ZIP_MANIFEST,
  opsDraft,
  opsDraftText,
  opsGameImported,
  opsGameZip,
  opsPackVersions,
  OpsReason,
} from "@wegmarke/protocol";
import sharp from "sharp";
import { runOperatorCli } from "../src/operator-accounts/cli";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { databaseUrl } from "./support/games";
import { consoleSession, cookieCall, opsCall } from "./support/ops-client";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "game-zip-test-operator-token-0123456789";

const SCRIPT = "stations/1-start/script.de.ink";

/**
 * A whole game as a zip (decisions/054): its live version and its studio's draft, exported by
 * an author of the game and imported by the installation's admin as a new game, live at once
 * with the same draft; a zip that is no game's, a name taken and anyone but an admin refused.
 */
describe.each(dialects)("a game's zip ($name)", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let admin: string;
  let exported: Uint8Array;

  const at = (game: string) => ({ url: `${server.url}/g/${game}` });

  async function operator(...args: string[]): Promise<string> {
    const lines: string[] = [];
    const push = (line: string) => lines.push(line);
    await runOperatorCli(args, {
      env: { DATABASE_URL: databaseUrl(database.where) },
      out: push,
      err: push,
    });
    return /one-time password (\S+)/.exec(lines.join("\n"))?.[1] ?? "";
  }

  /** The game's zip as the console downloads it, with `cookie`. */
  async function download(game: string, cookie = admin) {
    const response = await fetch(`${server.url}/g/${game}/api/ops/pack/game.zip`, {
      headers: { cookie },
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** Imports `zip` as the game `name`, as the console's new game form sends it. */
  function upload(name: string, zip: Uint8Array, cookie = admin, type = "application/zip") {
    return fetch(`${server.url}/api/ops/games/import?${new URLSearchParams({ name })}`, {
      method: "POST",
      headers: { cookie, "content-type": type },
      body: Buffer.from(zip),
    });
  }

  async function draftOf(game: string) {
    const draft = await cookieCall(at(game), admin, "GET", "/pack/draft");
    expect(draft.status, draft.text).toBe(200);
    return opsDraft.parse(JSON.parse(draft.text));
  }

  async function liveFiles(game: string) {
    const listed = await cookieCall(at(game), admin, "GET", "/pack/versions");
    const { versions } = opsPackVersions.parse(JSON.parse(listed.text));
    const live = versions.find((version) => version.live);
    const draft = await draftOf(game);
    return { number: live?.number, base: draft.baseNumber, files: draft.files };
  }

  beforeAll(async () => {
    database = await dialect.open();
    server = await startApp({ ...database.where, config: { operatorToken: TOKEN } });
    admin = await consoleSession(server, "ada", await operator("add", "ada"), "Museum-Ada-2026");
    const made = await cookieCall(server, admin, "POST", "/games", {
      name: "museum",
      title: "Im Museum",
      languages: ["de", "en"],
      template: { kind: "one-station" },
    });
    expect(made.status, made.text).toBe(201);
    // The studio's draft: a changed script, a new picture, the English script removed.
    const script = await cookieCall(at("museum"), admin, "GET", `/pack/draft/file?path=${SCRIPT}`);
    const current = opsDraftText.parse(JSON.parse(script.text));
    const saved = await cookieCall(at("museum"), admin, "PUT", "/pack/draft/file", {
      path: SCRIPT,
      text: current.text.replace("Willkommen!", "Hallo und willkommen!"),
      replaces: current.hash,
    });
    expect(saved.status, saved.text).toBe(200);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const picture = await fetch(
      `${server.url}/g/museum/api/ops/pack/draft/media?path=stations/1-start/bild.png`,
      { method: "PUT", headers: { cookie: admin, "content-type": "image/png" }, body: png },
    );
    expect(picture.status, await picture.text()).toBe(200);
    const english = (await draftOf("museum")).files.find(
      (file) => file.path === "stations/1-start/script.en.ink",
    );
    const removed = await cookieCall(
      at("museum"),
      admin,
      "DELETE",
      `/pack/draft/file?path=stations/1-start/script.en.ink&replaces=${english?.hash ?? ""}`,
    );
    expect(removed.status, removed.text).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await database?.done();
  });

  it("exports the live version and the draft in one folder named after the game", async () => {
    const { response, bytes } = await download("museum");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="museum-game.zip"',
    );
    exported = bytes;
    const files = unzipSync(bytes);
    const manifest = opsGameZip.parse(
      JSON.parse(strFromU8(files[`museum/${GAME_ZIP_MANIFEST}`] ?? new Uint8Array())),
    );
    expect(manifest).toMatchObject({
      format: 1,
      name: "museum",
      title: "Im Museum",
      liveNumber: 1,
      draftChanges: 3,
    });
    expect(Object.keys(files).sort()).toEqual([
      "museum/draft/game.yaml",
      "museum/draft/stations/1-start/bild.png",
      `museum/draft/${SCRIPT}`,
      "museum/draft/stations/1-start/station.yaml",
      "museum/live/game.yaml",
      `museum/live/${SCRIPT}`,
      "museum/live/stations/1-start/script.en.ink",
      "museum/live/stations/1-start/station.yaml",
      `museum/${GAME_ZIP_MANIFEST}`,
    ]);
    expect(strFromU8(files[`museum/live/${SCRIPT}`] ?? new Uint8Array())).toContain("Willkommen!");
    expect(strFromU8(files[`museum/draft/${SCRIPT}`] ?? new Uint8Array())).toContain(
      "Hallo und willkommen!",
    );
    const audit = auditPage.parse(
      (await opsCall(at("museum"), TOKEN, "GET", "/audit?limit=1")).json,
    );
    expect(audit.entries[0]).toMatchObject({ action: "pack.export", detail: "museum-game.zip" });
  });

  it("imports the zip as a new game, live at once, with the same draft", async () => {
    const response = await upload("museum-zwei", exported);
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(opsGameImported.parse(JSON.parse(text))).toEqual({
      game: {
        name: "museum-zwei",
        title: "Im Museum",
        first: false,
        app: "/g/museum-zwei/webapp/",
      },
      warnings: [],
      draftChanges: 3,
    });
    const stations = await fetch(`${server.url}/g/museum-zwei/webapp/content/de.json`);
    expect(JSON.stringify(await stations.json())).toContain("Der Start");
    const [original, imported] = await Promise.all([liveFiles("museum"), liveFiles("museum-zwei")]);
    expect(imported.number).toBe(1);
    const same = (files: typeof original.files) =>
      files.map(({ path, hash, state }) => ({ path, hash, state }));
    expect(same(imported.files)).toEqual(same(original.files));
    expect(same(imported.files).filter((file) => file.state !== "same")).toEqual([
      { path: "stations/1-start/bild.png", hash: expect.any(String), state: "added" },
      { path: SCRIPT, hash: expect.any(String), state: "changed" },
      { path: "stations/1-start/script.en.ink", hash: null, state: "removed" },
    ]);
    // The admin is the new game's author and host; the import is in the installation's log.
    const audit = auditPage.parse((await opsCall(server, TOKEN, "GET", "/audit?limit=1")).json);
    expect(audit.entries[0]).toMatchObject({
      operator: "ada",
      action: "game.import",
      detail: "museum-zwei (3 draft changes)",
    });
    // Exported again, it is the same game under its new name.
    const files = (zip: Uint8Array, name: string) =>
      Object.fromEntries(
        Object.entries(unzipSync(zip))
          .filter(([path]) => !path.endsWith(GAME_ZIP_MANIFEST))
          .map(([path, bytes]) => [path.slice(`${name}/`.length), bytes]),
      );
    const again = (await download("museum-zwei")).bytes;
    expect(files(again, "museum-zwei")).toEqual(files(exported, "museum"));
  });

  it("imports a game without a draft, and one zipped without its folder", async () => {
    const files = unzipSync(exported);
    const flat = zipSync(
      Object.fromEntries(
        Object.entries(files)
          .filter(([name]) => !name.startsWith("museum/draft/"))
          .map(([name, bytes]) => [name.slice("museum/".length), bytes]),
      ),
    );
    const response = await upload("museum-drei", flat);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(opsGameImported.parse(await response.json()).draftChanges).toBe(0);
    expect((await draftOf("museum-drei")).changed).toBe(0);
  });

  it("refuses a zip that is no game's, a broken pack, a name taken and anyone but an admin", async () => {
    const refused = async (response: Response) => [response.status, await response.text()];
    const files = unzipSync(exported);
    const without = (drop: (name: string) => boolean, extra: Record<string, Uint8Array> = {}) =>
      zipSync({
        ...Object.fromEntries(Object.entries(files).filter(([name]) => !drop(name))),
        ...extra,
      });
    expect(await refused(await upload("museum", exported))).toEqual([
      409,
      "game museum: name taken",
    ]);
    expect((await upload("Museum!", exported)).status).toBe(400);
    // A version's zip is a pack's, not a game's.
    const version = await fetch(`${server.url}/g/museum/api/ops/pack/versions/1/zip`, {
      headers: { cookie: admin },
    });
    const versionZip = new Uint8Array(await version.arrayBuffer());
    expect(await refused(await upload("neu", versionZip))).toEqual([
      422,
      `zip: no ${GAME_ZIP_MANIFEST} at the top of the zip's folder`,
    ]);
    const otherFormat = without((name) => name.endsWith(GAME_ZIP_MANIFEST), {
      [`museum/${GAME_ZIP_MANIFEST}`]: strToU8(JSON.stringify({ format: 2 })),
    });
    const [status, reason] = await refused(await upload("neu", otherFormat));
    expect([status, reason]).toEqual([
      422,
      expect.stringContaining("not a game's zip of this server"),
    ]);
    const noLive = without((name) => name.includes("/live/"));
    expect(await refused(await upload("neu", noLive))).toEqual([
      422,
      "not a game's zip: no live/game.yaml",
    ]);
    const broken = without((name) => name.endsWith("live/game.yaml"), {
      "museum/live/game.yaml": strToU8("id: [\n"),
    });
    const problems = await refused(await upload("neu", broken));
    expect(problems[0]).toBe(422);
    expect(problems[1]).toContain("the game's pack has problems:");
    expect(await refused(await upload("neu", exported, admin, "application/json"))).toEqual([
      400,
      expect.any(String),
    ]);
    const author = await consoleSession(
      server,
      "hans",
      await operator("add", "hans", "author,host"),
      "Museum-Hans-2026",
    );
    expect(await refused(await upload("neu", exported, author))).toEqual([
      403,
      OpsReason.adminRequired,
    ]);
    // Nothing of the refusals was made.
    expect((await fetch(`${server.url}/g/neu/webapp/config.json`)).status).toBe(404);
    // An author of the first game only may not export another game.
    expect((await download("museum", author)).response.status).toBe(403);
  });
});
