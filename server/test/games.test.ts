import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppConfigSchema } from "@wegmarke/protocol";
import { PackLibrary } from "../src/packs/pack-library";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { featurePack } from "./support/feature-pack";
import { opsCall, titleOn } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "games-test-operator-token-0123456789";

/**
 * One installation, two games (decisions/054): the demo at the bare addresses, a pack of its
 * own ("zweite") below `/g/zweite/`. Each game's players, news and texts are its own, and a
 * token of one is nobody at the other.
 */
describe.each(dialects)("two games on one server ($name)", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let folder: Awaited<ReturnType<typeof tempDir>>;
  const second = () => new Api(`${server.url}/g/zweite`);
  const first = () => new Api(server.url);

  beforeAll(async () => {
    database = await dialect.open();
    folder = await tempDir();
    server = await startApp({ ...database.where, config: { operatorToken: TOKEN } });
    const pack = await featurePack(folder.dir);
    const id = await server.store.repos.games.create({
      name: "zweite",
      title: null,
      host: null,
      createdAt: new Date().toISOString(),
      archivedAt: null,
    });
    if (id === undefined) throw new Error("game not made");
    const library = new PackLibrary({
      store: server.store.forGame(id),
      cacheDir: join(folder.dir, "cache"),
      clock: { now: () => new Date() },
    });
    const { version } = await library.capture(pack.dir, "test", null);
    await library.release(version, null);
  });

  afterAll(async () => {
    await server?.close();
    await database?.done();
    await folder?.remove();
  });

  it("serves each game's app at its own address, its calls below the same prefix", async () => {
    expect(await titleOn(server)).toBe("Märchenhaftes Marburg");
    expect(await titleOn(server, "/g/zweite")).toBe("Test");
    const response = await fetch(`${server.url}/g/zweite/webapp/config.json`);
    const config = webAppConfigSchema.parse(await response.json());
    expect(config).toMatchObject({
      accountBase: "/g/zweite/api/account/",
      gameBase: "/g/zweite/api/game/",
      assetsBase: "/g/zweite/assets/webapp-data/",
    });
  });

  it("says which address has no game, and serves the first game at its bare addresses only", async () => {
    for (const [path, status, reason] of [
      ["/g/dritte/webapp/config.json", 404, 'no game "dritte"'],
      ["/g/default/webapp/config.json", 404, 'no game "default"'],
      ["/g/Zweite/webapp/config.json", 404, 'no game "Zweite"'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`);
      expect([response.status, await response.text()]).toEqual([status, reason]);
    }
  });

  it("keeps a player to their game: a token of one is refused at the other", async () => {
    const there = await second().optin();
    const here = await first().optin();
    const scoreboard = (api: Api, hash: string) =>
      fetch(`${api.url}/api/game/scoreboard?${new URLSearchParams({ hash })}`);
    expect((await scoreboard(second(), there)).status).toBe(200);
    expect((await scoreboard(first(), here)).status).toBe(200);
    expect((await scoreboard(first(), there)).status).toBe(401);
    expect((await scoreboard(second(), here)).status).toBe(401);
    // Station 1 of each game's own pack: the second game's Eva, the demo's market square.
    await second().game("station/activate", { StationID: 1, Hash: there });
    await first().game("station/activate", { StationID: 1, Hash: here });
    // The demo's dragon station is no station of the second game.
    const [status] = await second().gameFailure("station/activate", { StationID: 16, Hash: there });
    expect(status).toBe(404);
  });

  it("sends news to one game's players; the other game's operators do not see it", async () => {
    const sent = await opsCall({ url: `${server.url}/g/zweite` }, TOKEN, "POST", "/news", {
      text: { de: "Nur für die zweite", en: "Only for the second" },
    });
    expect(sent.status, sent.text).toBe(200);
    const listed = async (url: string) =>
      (await opsCall({ url }, TOKEN, "GET", "/news")).text.includes("Nur für die zweite");
    expect(await listed(`${server.url}/g/zweite`)).toBe(true);
    expect(await listed(server.url)).toBe(false);
    expect(await database.dump()).toContain("Nur für die zweite");
  });

  it("ends a game's addresses when it is archived", async () => {
    const row = await server.store.repos.games.named("zweite");
    if (!row) throw new Error("no game");
    await server.store.repos.games.archive(row.id, new Date().toISOString());
    // A server that already runs it goes on until it restarts; a fresh one refuses it.
    const fresh = await startApp({ ...database.where, config: { operatorToken: TOKEN } });
    try {
      const response = await fetch(`${fresh.url}/g/zweite/webapp/config.json`);
      expect([response.status, await response.text()]).toEqual([
        410,
        'the game "zweite" has ended',
      ]);
    } finally {
      await fresh.close();
    }
  });
});
