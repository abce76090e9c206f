import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPage, opsArchivedGames, opsGameMade, opsMe, OpsReason } from "@wegmarke/protocol";
import sharp from "sharp";
import { runOperatorCli } from "../src/operator-accounts/cli";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { databaseUrl } from "./support/games";
import { consoleSession, cookieCall, opsCall, titleOn } from "./support/ops-client";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "game-making-test-operator-token-0123456789";

const DAY = 24 * 60 * 60 * 1000;
const clock = { ms: Date.now(), now: () => new Date(clock.ms) };

/**
 * The installation's admin makes games in the console (decisions/054): from the demo, from
 * one station, or as a copy of another game, each live at once at its own address, titled and
 * in its languages, the admin its author and host; and archives them.
 */
describe.each(dialects)("games made in the console ($name)", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let admin: string;

  const newGame = (body: unknown, cookie = admin) =>
    cookieCall(server, cookie, "POST", "/games", body);

  async function operator(...args: string[]): Promise<string> {
    const lines: string[] = [];
    const push = (line: string) => lines.push(line);
    const env = { DATABASE_URL: databaseUrl(database.where) };
    await runOperatorCli(args, { env, out: push, err: push });
    return /one-time password (\S+)/.exec(lines.join("\n"))?.[1] ?? "";
  }

  beforeAll(async () => {
    database = await dialect.open();
    server = await startApp({ ...database.where, clock, config: { operatorToken: TOKEN } });
    admin = await consoleSession(server, "ada", await operator("add", "ada"), "Museum-Ada-2026");
  });

  afterAll(async () => {
    await server.close();
    await database.done();
  });

  it("makes a game of one station, titled, in its languages, live at its address", async () => {
    const made = await newGame({
      name: "museum",
      title: "Im Museum",
      languages: ["de"],
      template: { kind: "one-station" },
    });
    expect(made.status, made.text).toBe(201);
    expect(opsGameMade.parse(JSON.parse(made.text)).game).toEqual({
      name: "museum",
      title: "Im Museum",
      first: false,
      app: "/g/museum/webapp/",
    });
    expect(await titleOn(server, "/g/museum")).toBe("Im Museum");
    const stations = await fetch(`${server.url}/g/museum/webapp/content/de.json`);
    expect(JSON.stringify(await stations.json())).toContain("Der Start");
    // The admin who made it is its author and host; its studio's draft is theirs to edit.
    const me = await cookieCall({ url: `${server.url}/g/museum` }, admin, "GET", "/me");
    expect(opsMe.parse(JSON.parse(me.text))).toMatchObject({ roles: ["author", "host"] });
    const draft = await cookieCall({ url: `${server.url}/g/museum` }, admin, "GET", "/pack/draft");
    expect(draft.status, draft.text).toBe(200);
    const audit = auditPage.parse((await opsCall(server, TOKEN, "GET", "/audit?limit=1")).json);
    expect(audit.entries[0]).toMatchObject({
      operator: "ada",
      action: "game.add",
      detail: "museum (one-station)",
    });
  });

  it("makes a game of the demo and a copy of another game's live version", async () => {
    const demo = await newGame({
      name: "maerchen",
      title: "Märchen zu zweit",
      languages: ["de", "en"],
      template: { kind: "demo" },
    });
    expect(demo.status, demo.text).toBe(201);
    expect(await titleOn(server, "/g/maerchen")).toBe("Märchen zu zweit");
    const copy = await newGame({
      name: "museum-kopie",
      title: "Museum, Kopie",
      languages: ["de"],
      template: { kind: "copy", from: "museum" },
    });
    expect(copy.status, copy.text).toBe(201);
    const copied = await fetch(`${server.url}/g/museum-kopie/webapp/content/de.json`);
    expect(JSON.stringify(await copied.json())).toContain("Der Start");
    // A copy without its media: stand-ins of the same size under the same names.
    const bare = await newGame({
      name: "maerchen-leer",
      title: "Märchen ohne Bilder",
      languages: ["de"],
      template: { kind: "copy", from: "maerchen", media: false },
    });
    expect(bare.status, bare.text).toBe(201);
    const media = async (game: string, file: string) =>
      Buffer.from(
        await (await fetch(`${server.url}/g/${game}/assets/webapp-data/${file}`)).arrayBuffer(),
      );
    const [picture, standIn] = await Promise.all([
      media("maerchen", "intro/1.png"),
      media("maerchen-leer", "intro/1.png"),
    ]);
    // One plain colour, where the picture had several; its width and height.
    const plain = async (image: Buffer) =>
      (await sharp(image).stats()).channels.every((channel) => channel.min === channel.max);
    expect([await plain(picture), await plain(standIn)]).toEqual([false, true]);
    const size = async (image: Buffer) => {
      const { width, height, format } = await sharp(image).metadata();
      return { width, height, format };
    };
    expect(await size(standIn)).toEqual(await size(picture));
    expect((await media("maerchen", "stories/1/narration-en.mp3")).length).toBeGreaterThan(1000);
    expect((await media("maerchen-leer", "stories/1/narration-en.mp3")).length).toBe(0);
    const listed = await cookieCall(server, admin, "GET", "/games");
    expect(JSON.parse(listed.text)).toMatchObject({
      games: [
        { name: "default" },
        { name: "museum" },
        { name: "maerchen" },
        { name: "museum-kopie" },
        { name: "maerchen-leer" },
      ],
    });
  });

  it("refuses a name taken or off the pattern, an unknown game to copy, and anyone but an admin", async () => {
    const body = { title: "X", languages: ["de"], template: { kind: "one-station" } };
    expect(await newGame({ ...body, name: "museum" })).toEqual({
      status: 409,
      text: "game museum: name taken",
    });
    expect((await newGame({ ...body, name: "Museum!" })).status).toBe(400);
    expect((await newGame({ ...body, name: "neu", languages: [] })).status).toBe(400);
    expect(
      await newGame({ ...body, name: "neu", template: { kind: "copy", from: "nix" } }),
    ).toEqual({ status: 404, text: 'no game "nix"' });
    const host = await consoleSession(
      server,
      "hans",
      await operator("add", "hans", "author,host"),
      "Museum-Hans-2026",
    );
    expect(await newGame({ ...body, name: "neu" }, host)).toEqual({
      status: 403,
      text: OpsReason.adminRequired,
    });
    expect((await fetch(`${server.url}/g/neu/webapp/config.json`)).status).toBe(404);
  });

  it("ends a game at once when the admin archives it, and the first game never", async () => {
    expect((await fetch(`${server.url}/g/museum-kopie/webapp/config.json`)).status).toBe(200);
    const archive = (name: string) =>
      cookieCall(server, admin, "POST", `/games/${name}/archive`, {});
    expect((await archive("museum-kopie")).status).toBe(200);
    const ended = await fetch(`${server.url}/g/museum-kopie/webapp/config.json`);
    expect([ended.status, await ended.text()]).toEqual([410, 'the game "museum-kopie" has ended']);
    expect(await archive("museum-kopie")).toEqual({
      status: 409,
      text: "game museum-kopie: archived already",
    });
    expect((await archive("default")).status).toBe(409);
    expect((await archive("nix")).status).toBe(404);
    const listed = await cookieCall(server, admin, "GET", "/games");
    expect(JSON.parse(listed.text).games.map((g: { name: string }) => g.name)).not.toContain(
      "museum-kopie",
    );
  });

  it("lists the ended games and takes one back whole while its data is kept", async () => {
    const player = new Api(`${server.url}/g/maerchen`);
    const token = await player.optin();
    const scoreboard = () =>
      fetch(`${player.url}/api/game/scoreboard?${new URLSearchParams({ hash: token })}`);
    const call = (method: string, path: string) => cookieCall(server, admin, method, path, {});
    expect((await call("POST", "/games/maerchen/archive")).status).toBe(200);
    expect((await scoreboard()).status).toBe(410);
    // With OPERATOR_TOKEN: an admin's console session does not last the 30 days below.
    const archived = async () =>
      opsArchivedGames.parse((await opsCall(server, TOKEN, "GET", "/games/archived")).json).games;
    const [ended, before] = await archived();
    expect(ended).toEqual({
      name: "maerchen",
      title: "Märchen zu zweit",
      archivedAt: clock.now().toISOString(),
      erasedFrom: new Date(clock.ms + 30 * DAY).toISOString(),
    });
    expect(before?.name).toBe("museum-kopie");

    // Within the days kept: it plays again at once, its players with it.
    const restored = await call("POST", "/games/maerchen/restore");
    expect([restored.status, JSON.parse(restored.text)]).toEqual([
      200,
      { name: "maerchen", title: "Märchen zu zweit", first: false, app: "/g/maerchen/webapp/" },
    ]);
    expect((await scoreboard()).status).toBe(200);
    expect((await archived()).map((game) => game.name)).toEqual(["museum-kopie"]);
    const audit = auditPage.parse((await opsCall(server, TOKEN, "GET", "/audit?limit=1")).json);
    expect(audit.entries[0]).toMatchObject({ action: "game.restore", detail: "maerchen" });
    expect(await call("POST", "/games/maerchen/restore")).toEqual({
      status: 409,
      text: "game maerchen: not archived",
    });
    expect((await call("POST", "/games/nix/restore")).status).toBe(404);

    // Past the days kept, its data is erased: it stays ended.
    expect((await call("POST", "/games/maerchen/archive")).status).toBe(200);
    clock.ms += 30 * DAY;
    expect((await archived()).map((game) => game.name)).toEqual([]);
    expect(await opsCall(server, TOKEN, "POST", "/games/maerchen/restore", {})).toMatchObject({
      status: 409,
      text: "game maerchen: its data is erased, it cannot come back",
    });
    clock.ms -= 30 * DAY;
    const host = await consoleSession(
      server,
      "grete",
      await operator("add", "grete", "author,host"),
      "Museum-Grete-2026",
    );
    expect((await cookieCall(server, host, "GET", "/games/archived")).status).toBe(403);
  });
});
