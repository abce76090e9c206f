import { writeFile } from "node:fs/promises";
import http from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OpsReason,
  opsGames,
  opsMe,
  opsPreviewOutcome,
  webAppConfigSchema,
} from "@wegmarke/protocol";
import { runGameCli } from "../src/games/cli";
import { runOperatorCli } from "../src/operator-accounts/cli";
import { defaultLimits } from "../src/security/limits";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { databaseUrl } from "./support/games";
import { featurePack } from "./support/feature-pack";
import { consoleSession, cookieCall, opsCall, titleOn } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "games-test-operator-token-0123456789";

const clock = { ms: Date.now(), now: () => new Date(clock.ms) };

/** The body of a GET of `url` with the Host header `host` (fetch does not send one of its own). */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((done, fail) => {
    const request = http.get(url, { headers: { host } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => done(body));
    });
    request.on("error", fail);
  });
}

const scoreboard = (api: Api, hash: string) =>
  fetch(`${api.url}/api/game/scoreboard?${new URLSearchParams({ hash })}`);

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

  /** The command line's environment: the test's database. */
  function cliEnv() {
    return { DATABASE_URL: databaseUrl(database.where), DATA_DIR: folder.dir };
  }

  /** `npm run game -- ...args` against the test's database: status and printed lines. */
  async function cli(...args: string[]) {
    const lines: string[] = [];
    const status = await runGameCli(args, {
      env: cliEnv(),
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    return { status, text: lines.join("\n") };
  }

  beforeAll(async () => {
    database = await dialect.open();
    folder = await tempDir();
    server = await startApp({ ...database.where, clock, config: { operatorToken: TOKEN } });
    const pack = await featurePack(folder.dir);
    // The operator makes the second game while the server runs; it serves it at once.
    expect(await cli("add", "zweite", pack.dir)).toEqual({
      status: 0,
      text: 'game zweite: "Test" at http://localhost:8080/g/zweite/webapp/',
    });
  });

  it("refuses on the command line a name taken or off the pattern and a pack with problems", async () => {
    const broken = join(folder.dir, "broken");
    await featurePack(broken);
    await writeFile(join(broken, "feature-pack", "game.yaml"), "id: [\n");
    expect(await cli("add", "zweite", join(folder.dir, "feature-pack"))).toEqual({
      status: 1,
      text: "game zweite: name taken",
    });
    expect((await cli("add", "Zweite!", join(folder.dir, "feature-pack"))).status).toBe(1);
    const refused = await cli("add", "kaputt", join(broken, "feature-pack"));
    expect(refused.status).toBe(1);
    expect(refused.text).toContain("has problems:");
    expect((await cli("list")).text.split("\n")).toEqual([
      "default\thttp://localhost:8080/webapp/",
      "zweite\thttp://localhost:8080/g/zweite/webapp/",
    ]);
    expect(await cli("archive", "default")).toEqual({
      status: 1,
      text: "game default: the first game is served at /webapp/ and stays",
    });
    expect((await cli("add")).status).toBe(2);
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
    // The address without its slash leads to the game's own app.
    for (const [path, to] of [
      ["/g/zweite/webapp", "/g/zweite/webapp/"],
      ["/g/zweite/?account-deleted=1", "/g/zweite/webapp/?account-deleted=1"],
    ]) {
      const bare = await fetch(`${server.url}${path}`, { redirect: "manual" });
      const location = new URL(bare.headers.get("location") ?? "", bare.url);
      expect(location.pathname + location.search).toBe(to);
    }
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

  it("serves a game at the bare addresses of a host name of its own, once given one", async () => {
    expect(await cli("host", "zweite", "Hafen.Example.org")).toEqual({
      status: 0,
      text: "game zweite: also at https://hafen.example.org/webapp/",
    });
    expect((await cli("host", "zweite", "not a host")).status).toBe(1);
    expect((await cli("host", "default", "x.example.org")).status).toBe(1);
    expect((await cli("list")).text).toContain("host hafen.example.org");
    // A server reads the host names at its start and every 10 s after.
    const fresh = await startApp({ ...database.where, config: { operatorToken: TOKEN } });
    try {
      const contentAt = async (host: string) =>
        JSON.parse(await getWithHost(`${fresh.url}/webapp/content/de.json`, host)) as {
          title: string;
        };
      expect((await contentAt("hafen.example.org:8080")).title).toBe("Test");
      expect((await contentAt("localhost")).title).toBe("Märchenhaftes Marburg");
    } finally {
      await fresh.close();
    }
  });

  it("erases the idle accounts of every game in the server's retention sweep", async () => {
    const idleThere = await second().optin();
    const idleHere = await first().optin();
    clock.ms += defaultLimits.inactiveAccountTtlMs;
    // The players of the tests above activated a station: they stay.
    expect(await server.sweep()).toBe(2);
    expect((await scoreboard(second(), idleThere)).status).toBe(401);
    expect((await scoreboard(first(), idleHere)).status).toBe(401);
  });

  it("lists the games that play for the console, each with its title and address", async () => {
    const listed = await opsCall(server, TOKEN, "GET", "/games");
    expect(listed.json).toEqual({
      games: [
        { name: "default", title: "Märchenhaftes Marburg", first: true, app: "/webapp/" },
        { name: "zweite", title: "Test", first: false, app: "/g/zweite/webapp/" },
      ],
    });
    // The list is the installation's: a game's own operators' API has none.
    expect((await opsCall({ url: `${server.url}/g/zweite` }, TOKEN, "GET", "/games")).status).toBe(
      404,
    );
    expect((await fetch(`${server.url}/api/ops/games`)).status).toBe(401);
    // Its studio plays its own draft, below its prefix, with an API of its own.
    const zweite = { url: `${server.url}/g/zweite` };
    const preview = await opsCall(zweite, TOKEN, "POST", "/pack/draft/preview", { desk: true });
    const outcome = opsPreviewOutcome.parse(JSON.parse(preview.text));
    const path = outcome.ok ? outcome.path : "";
    expect(path).toMatch(/^\/g\/zweite\/preview\/[\w-]+\/webapp\/$/);
    expect(await titleOn(server, path.slice(0, -"/webapp/".length))).toBe("Test");
    const played = await fetch(`${server.url}${path}config.json`);
    expect(webAppConfigSchema.parse(await played.json()).gameBase).toBe(
      `${path.slice(0, -"webapp/".length)}api/game/`,
    );
  });

  it("gives an operator roles per game: one of the second game sees nothing of the first", async () => {
    const operators = async (...args: string[]) => {
      const lines: string[] = [];
      await runOperatorCli(args, {
        env: cliEnv(),
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
      });
      return lines.join("\n");
    };
    const once = /one-time password (\S+)/.exec(
      await operators("add", "marie", "author", "zweite"),
    )?.[1];
    const cookie = await consoleSession(server, "marie", once ?? "", "Hafenkran-Marie-7");
    const call = async (base: string, method: string, path: string, body?: unknown) => {
      const { status, text } = await cookieCall(
        { url: server.url + base },
        cookie,
        method,
        path,
        body,
      );
      return [status, text] as const;
    };

    const [, games] = await call("", "GET", "/games");
    expect(opsGames.parse(JSON.parse(games)).games.map((game) => game.name)).toEqual(["zweite"]);
    const [, me] = await call("", "GET", "/me");
    expect(opsMe.parse(JSON.parse(me))).toMatchObject({ roles: [], member: false, admin: false });
    for (const path of ["/overview", "/news", "/players", "/pack/draft"]) {
      expect(await call("", "GET", path)).toEqual([403, OpsReason.notYourGame]);
    }
    const [, there] = await call("/g/zweite", "GET", "/me");
    expect(opsMe.parse(JSON.parse(there))).toMatchObject({ roles: ["author"], member: true });
    expect((await call("/g/zweite", "GET", "/overview"))[0]).toBe(200);
    expect((await call("/g/zweite", "GET", "/pack/draft"))[0]).toBe(200);
    const news = { text: { de: "Hallo" } };
    expect(await call("/g/zweite", "POST", "/news", news)).toEqual([403, OpsReason.hostRequired]);
    expect(await call("/g/zweite", "GET", "/operators")).toEqual([403, OpsReason.adminRequired]);
    expect(await operators("roles", "marie", "none", "zweite")).toBe(
      "operator marie: none in zweite",
    );
    expect(await call("/g/zweite", "GET", "/overview")).toEqual([403, OpsReason.notYourGame]);
  });

  it("ends a game's addresses when it is archived", async () => {
    expect(await cli("archive", "zweite")).toEqual({
      status: 0,
      text: "game zweite: archived; its players can no longer play",
    });
    expect((await cli("list")).text).toMatch(/^zweite\t.*\thost hafen.example.org\tarchived 20/m);
    expect(await opsCall(server, TOKEN, "GET", "/games")).toMatchObject({
      json: { games: [{ name: "default" }] },
    });
    // A server that runs it already plays on until it restarts; a fresh one says it has ended.
    const fresh = await startApp({ ...database.where, config: { operatorToken: TOKEN } });
    try {
      const response = await fetch(`${fresh.url}/g/zweite/webapp/config.json`);
      expect([response.status, await response.text()]).toEqual([
        410,
        'the game "zweite" has ended',
      ]);
      // Taken back on the command line while its data is kept, it plays again at once.
      expect(await cli("restore", "zweite")).toEqual({
        status: 0,
        text: "game zweite: plays again at http://localhost:8080/g/zweite/webapp/",
      });
      expect((await fetch(`${fresh.url}/g/zweite/webapp/config.json`)).status).toBe(200);
      expect(await cli("restore", "zweite")).toEqual({
        status: 1,
        text: "game zweite: not archived",
      });
    } finally {
      await fresh.close();
    }
  });
});
