import { cp, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  opsMap,
  opsOverview,
  opsPlayersPage,
  opsReloadOutcome,
  opsTeamPositions,
  teamInviteResponse,
  teamMembersResponse,
} from "@wegmarke/protocol";
import type { OpsOverview } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { Api, texts } from "./support/api";
import { SseClient } from "./support/sse-client";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The operators' console behind a load balancer: two instances on one PostgreSQL schema, each
 * with the same pack folder. A reload through one reaches both; "online" is the deployment's.
 */

const TOKEN = "instances-token-".padEnd(48, "i");
const BEARER = { authorization: `Bearer ${TOKEN}` };

let schema: TestSchema;
let packDir: { dir: string; remove(): Promise<void> };
let apps: TestApp[];

beforeEach(async () => {
  schema = await createTestSchema();
  packDir = await tempDir();
  await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
  apps = [];
});

afterEach(async () => {
  for (const app of apps) await app.close();
  await schema.drop();
  await packDir.remove();
});

/** An instance with a pack object of its own, loaded from the shared folder. */
async function instance(teams = false): Promise<{ app: TestApp; api: Api }> {
  const pack = await loadContentPack(packDir.dir);
  if (teams) pack.settings = { ...pack.settings, teams: "required" };
  const app = await startApp({
    database: schema.database,
    pack,
    config: { operatorToken: TOKEN },
  });
  apps.push(app);
  return { app, api: new Api(app.url) };
}

async function ops(app: TestApp, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.url}/api/ops${path}`, {
    method,
    headers: { ...BEARER, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const overviewOf = async (app: TestApp) =>
  opsOverview.parse((await ops(app, "GET", "/overview")).json);

/** Resolves once `check` holds for the overview of `app`, polling; fails after `timeoutMs`. */
async function overviewUntil(
  app: TestApp,
  check: (overview: OpsOverview) => boolean,
  timeoutMs = 3000,
): Promise<OpsOverview> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const overview = await overviewOf(app);
    if (check(overview)) return overview;
    if (Date.now() > deadline) {
      throw new Error(`not in time; last overview: ${JSON.stringify(overview)}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("the console of two instances on one PostgreSQL database", () => {
  it("reloads the pack on both through either: the other plays the new script", async () => {
    const a = await instance();
    const b = await instance();
    const first = await overviewUntil(a.app, (o) => o.instances.length === 2);
    const [oldVersion] = new Set(first.instances.map((i) => i.version));
    expect(first.instances.every((i) => i.version === oldVersion && i.reload === null)).toBe(true);

    const hash = await b.api.optin();
    const stream = await b.api.events(hash);
    await b.api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");

    const script = join(packDir.dir, "stations/1-marktplatz/script.de.ink");
    const original = await readFile(script, "utf8");
    await writeFile(script, original.replace("Genau, der Gockel!", "Richtig, der Gockel!"));
    const reloaded = await ops(a.app, "POST", "/content/reload", {});
    expect(reloaded.status).toBe(200);
    const outcome = opsReloadOutcome.parse(reloaded.json);
    const version = outcome.ok ? outcome.version : "";
    expect(version).not.toBe(oldVersion);

    // Both instances run the new version, and each says it took the reload; both consoles see it.
    // The other instance loads and checks the pack itself: seconds on a busy machine.
    for (const app of [a.app, b.app]) {
      const { instances } = await overviewUntil(
        app,
        (o) => o.instances.every((i) => i.version === version && i.reload?.ok === true),
        15_000,
      );
      expect(instances).toHaveLength(2);
    }
    await b.api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: hash });
    expect(texts(await stream.until("playerstatus"))).toContain(
      "Richtig, der Gockel! Er schlägt mit den Flügeln und kräht, seit über 400 Jahren.",
    );

    // A broken pack, reloaded through the other: it refuses it, and neither leaves the version
    // both run (the other instance loads released versions only, never a folder of its own).
    await writeFile(script, original.replace("-> frage", "-> nirgendwo"));
    expect((await ops(b.app, "POST", "/content/reload", {})).status).toBe(422);
    const refused = await overviewUntil(a.app, (o) =>
      o.instances.some((i) => i.reload?.ok === false),
    );
    expect(refused.instances.map((i) => i.reload?.ok).sort()).toEqual([false, true]);
    for (const item of refused.instances) expect(item.version).toBe(version);
    stream.close();
  }, 60_000);

  it("count a player online once over both, until their last stream closes", async () => {
    const a = await instance();
    const b = await instance();
    const hash = await a.api.optin();
    const onA = await a.api.events(hash);
    const onB = await b.api.events(hash);
    await onA.next();
    await onB.next();

    // Each instance counts the player once, and both streams.
    for (const app of [a.app, b.app]) {
      const overview = await overviewUntil(app, (o) => o.streams === 2);
      expect(overview.players.online).toBe(1);
      expect(overview.instances.map((i) => [i.streams, i.players])).toEqual([
        [1, 1],
        [1, 1],
      ]);
    }
    onA.close();
    const players = async (app: TestApp) =>
      opsPlayersPage.parse((await ops(app, "GET", "/players")).json).players;
    // Still online: a stream is open on the other instance, which the list asks too.
    await overviewUntil(a.app, (o) => o.streams === 1);
    expect((await players(a.app))[0]?.online).toBe(true);
    expect((await overviewOf(a.app)).players.online).toBe(1);

    onB.close();
    for (const app of [a.app, b.app]) {
      const overview = await overviewUntil(app, (o) => o.streams === 0);
      expect(overview.players.online).toBe(0);
      expect((await players(app))[0]?.online).toBe(false);
    }
  });

  it("show one's console where a team's members share their positions through the other", async () => {
    const a = await instance(true);
    const b = await instance(true);
    const map = opsMap.parse((await ops(a.app, "GET", "/map")).json);
    expect(map.map?.image?.path).toMatch(/^map\//);
    expect(map.stations.find((s) => s.id === 1)).toMatchObject({ title: "Der Marktplatz" });

    const anna = await b.api.optin();
    const invitation = await b.api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invitation.json()).value;
    const ben = await b.api.optin();
    expect((await fetch(`${b.app.url}/api/game/team/join?hash=${ben}&tjr=${code}`)).status).toBe(
      200,
    );
    const console = await SseClient.connect(`${a.app.url}/api/ops/live`, BEARER);
    try {
      const teams = async () =>
        opsTeamPositions.parse(JSON.parse((await console.until("teams")).at(-1)?.data ?? "")).teams;
      expect(await teams()).toEqual([]);
      const position = { Latitude: 50.8096, Longitude: 8.7706, Accuracy: 12 };
      await b.api.game("team/position", { Hash: anna, Share: true, Position: position });
      const [team] = await teams();
      expect(team?.members).toEqual([
        {
          name: expect.stringMatching(/^Wanderer \d{4}$/) as unknown,
          latitude: 50.8096,
          longitude: 8.7706,
          accuracy: 12,
          age: 0,
        },
      ]);
      expect(team?.name).toMatch(/Team|Wanderer/);
      await b.api.game("team/position", { Hash: anna, Share: false });
      expect(await teams()).toEqual([]);
    } finally {
      console.close();
    }
  });

  it("show a team's page on one who of the team is online on the other", async () => {
    const a = await instance(true);
    const b = await instance(true);
    const anna = await a.api.optin();
    const invitation = await a.api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invitation.json()).value;
    const ben = await b.api.optin();
    expect((await fetch(`${b.app.url}/api/game/team/join?hash=${ben}&tjr=${code}`)).status).toBe(
      200,
    );
    const bensOnline = async () => {
      const response = await fetch(`${a.app.url}/api/game/team/members?hash=${anna}`);
      const team = teamMembersResponse.parse(await response.json()).value;
      return team?.Members.find((member) => !member.You)?.Online;
    };
    expect(await bensOnline()).toBe(false);
    const stream = await b.api.events(ben);
    await stream.next();
    await overviewUntil(a.app, (o) => o.streams === 1);
    expect(await bensOnline()).toBe(true);
    stream.close();
    await overviewUntil(a.app, (o) => o.streams === 0);
    expect(await bensOnline()).toBe(false);
  });
});
