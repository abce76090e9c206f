import { existsSync } from "node:fs";
import { join } from "node:path";
import { teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../src/security/limits";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { addGame, databaseUrl } from "./support/games";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { opsCall } from "./support/ops-client";
import { startPushService } from "./support/push-service";
import type { TestPushService } from "./support/push-service";
import { postgresRaw, sqliteRaw } from "./support/raw-sql";
import type { Raw } from "./support/raw-sql";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "game-erasure-test-operator-token-0123";
const MINUTE = 60 * 1000;

/** What the second game's players and hosts wrote, to be found nowhere once it is erased. */
const NAME = "Kapitänin Ahoi";
const PHONE = { typed: "0171 5550417", stored: "+491715550417" };
const NEWS = "Hafenfest um acht";
const FIRST_NAME = "Marlene Erstspiel";

/**
 * An archived game's data goes after the days it is kept (security/limits.ts
 * `archivedGameKeepMs`): its players, teams, runs, news, submissions with their files, push
 * subscriptions, versions and draft, in the server's hourly sweep, once; its name stays taken
 * and its addresses say it has ended. The installation's first game keeps everything.
 */
describe.each(dialects)("an archived game's erasure ($name)", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let push: TestPushService;
  let folder: Awaited<ReturnType<typeof tempDir>>;
  let raw: Raw;
  const clock = { ms: Date.UTC(2026, 11, 1, 9), now: () => new Date(clock.ms) };
  const logged: Record<string, unknown>[] = [];
  const hafen = () => new Api(`${server.url}/g/hafen`);
  let game = 0;
  let firstToken = "";
  let files = "";
  let endpoint = "";

  /** How many rows of each table with a game_id column are the game's. */
  async function rowsOfGame(id: number): Promise<Record<string, number>> {
    const tables = await raw.rows(
      "dbFile" in database.where
        ? `select m.name as name from sqlite_master m, pragma_table_info(m.name) c
            where m.type = 'table' and c.name = 'game_id'`
        : `select table_name as name from information_schema.columns
            where column_name = 'game_id' and table_schema = current_schema()`,
    );
    const counted: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await raw.rows(
        `select count(*) as n from ${String(name)} where game_id = ${id}`,
      );
      counted[String(name)] = Number(row?.n);
    }
    return counted;
  }

  const uploadDir = () => join(folder.dir, "uploads");
  const erasedLines = () => logged.filter((line) => line.msg === "archived game erased");

  beforeAll(async () => {
    database = await dialect.open();
    folder = await tempDir();
    push = await startPushService();
    const pack = await missionPack(folder.dir);
    server = await startApp({
      ...database.where,
      pack,
      clock,
      config: {
        operatorToken: TOKEN,
        uploadDir: uploadDir(),
        logLevel: "info",
        push: { subject: "mailto:host@example.org", services: [push.origin] },
      },
      logStream: { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await addGame(database.where, folder.dir, "hafen", pack.dir);
    game = (await server.store.repos.games.named("hafen"))?.id ?? 0;
    raw =
      "dbFile" in database.where
        ? await sqliteRaw(database.where.dbFile)
        : await postgresRaw(databaseUrl(database.where));
  });

  afterAll(async () => {
    await raw?.close();
    await server?.close();
    await push?.close();
    await database?.done();
    await folder?.remove();
  });

  it("plays the second game: a player with a name, a team, runs, a photo, news, a push", async () => {
    // The first game's player, who must keep everything.
    firstToken = (await new Api(server.url).register("0171 5550418", "+491715550418", FIRST_NAME))
      .token;
    await new Api(server.url).game("station/activate", { StationID: 1, Hash: firstToken });

    const api = hafen();
    const { token } = await api.register(PHONE.typed, PHONE.stored, NAME);
    const invited = await api.post("/api/game/team/invite", { Hash: token });
    expect(invited.status, await invited.clone().text()).toBe(200);
    teamInviteResponse.parse(await invited.json());
    await api.game("station/activate", { StationID: 1, Hash: token });
    const events = await api.events(token);
    await api.game("station/activate", { StationID: 11, Hash: token });
    await events.until("mission-expected");
    events.close();
    const photo = await phonePhoto();
    const sent = await new Uploads(api.url, token).upload(photo, {
      station: "11",
      kind: "photo",
      filename: "IMG_0001.jpg",
      filetype: "image/jpeg",
    });
    expect(sent.status, sent.text).toBe(204);
    const read = await api.post(
      "/api/game/player/read",
      {
        Hash: token,
        Read: { Stations: { 1: 1 }, News: null, OperatorNews: null, Stories: [], Points: 0 },
      },
      "PUT",
    );
    expect(read.status, await read.clone().text()).toBe(200);
    const subscription = push.subscription();
    endpoint = subscription.endpoint;
    const subscribed = await api.post(
      "/api/push/subscription",
      { Hash: token, endpoint: subscription.endpoint, keys: subscription.keys, news: true },
      "PUT",
    );
    expect(subscribed.status, await subscribed.clone().text()).toBe(200);
    const news = await opsCall(hafen(), TOKEN, "POST", "/news", {
      text: { de: NEWS, en: "Harbour party at eight" },
    });
    expect(news.status, news.text).toBe(200);

    const dump = await database.dump();
    for (const text of [NAME, PHONE.stored, NEWS, endpoint, FIRST_NAME]) {
      expect(dump).toContain(text);
    }
    const [submission] = await raw.rows(`select files from submissions where game_id = ${game}`);
    files = String(submission?.files);
    // Kept in the database's blob store, under the submission's prefix.
    expect(await raw.rows(`select key from blobs where key like '${files}%'`)).not.toEqual([]);
    const rows = await rowsOfGame(game);
    for (const table of ["players", "teams", "streams", "news", "submissions", "pack_versions"]) {
      expect([table, rows[table]]).not.toEqual([table, 0]);
    }
    expect(existsSync(join(uploadDir(), "games", String(game)))).toBe(true);
  });

  it("keeps an archived game's data for the days it is kept", async () => {
    const archived = await opsCall(server, TOKEN, "POST", "/games/hafen/archive");
    expect(archived.status, archived.text).toBe(200);
    const before = await rowsOfGame(game);
    clock.ms += defaultLimits.archivedGameKeepMs - MINUTE;
    await server.sweep();
    expect(await rowsOfGame(game)).toEqual(before);
    expect(await database.dump()).toContain(NAME);
    expect(erasedLines()).toEqual([]);
    // The first game's player calls: their session is not idle when the month has passed.
    const scoreboard = await fetch(`${server.url}/api/game/scoreboard?hash=${firstToken}`);
    expect(scoreboard.status).toBe(200);
  });

  it("erases every row and file of it once they have passed, and nothing of the first game", async () => {
    clock.ms += 2 * MINUTE;
    await server.sweep();

    const rows = await rowsOfGame(game);
    expect(
      Object.values(rows).every((count) => count === 0),
      JSON.stringify(rows),
    ).toBe(true);
    const dump = await database.dump();
    // The submission's files went from the blob store (the database's) with its row.
    for (const text of [NAME, PHONE.stored, NEWS, endpoint, files]) {
      expect(dump, text).not.toContain(text);
    }
    expect(existsSync(join(uploadDir(), "games", String(game)))).toBe(false);
    expect(erasedLines()).toEqual([
      expect.objectContaining({
        game: "hafen",
        rows: expect.any(Number) as unknown,
        tables: expect.objectContaining({
          players: 1,
          teams: 1,
          submissions: 1,
          news: 1,
        }) as unknown,
      }),
    ]);

    // The first game plays on with its player's name and runs.
    expect(dump).toContain(FIRST_NAME);
    const scoreboard = await fetch(`${server.url}/api/game/scoreboard?hash=${firstToken}`);
    expect(scoreboard.status).toBe(200);
    // The name stays taken, and the game's address says it has ended.
    const response = await fetch(`${server.url}/g/hafen/webapp/config.json`);
    expect([response.status, await response.text()]).toEqual([410, 'the game "hafen" has ended']);
    expect((await server.store.repos.games.named("hafen"))?.archivedAt).not.toBeNull();
  });

  it("finds nothing more of it at the next sweep", async () => {
    const dump = await database.dump();
    clock.ms += 60 * MINUTE;
    await server.sweep();
    expect(erasedLines()).toHaveLength(1);
    expect(await database.dump()).toBe(dump);
  });
});
