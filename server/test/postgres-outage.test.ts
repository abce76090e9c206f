import { opsNews, teamInviteResponse } from "@wegmarke/protocol";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { Phone, withoutSnapshots } from "./support/phone";
import type { Received } from "./support/phone";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { startCluster } from "./support/throwaway-postgres";
import type { Cluster } from "./support/throwaway-postgres";

/**
 * A fault test: two instances on a PostgreSQL of the test's own, which is stopped for a few
 * seconds and started again; right after, calls through instance A move a player to another
 * team, send news, answers and a position. Every stream must then hold exactly the log (nothing
 * lost, doubled or rewritten), none may stay in the team its player left, and every open stream
 * gets the news, on A (whose listener may still be away) and on B.
 */

const TOKEN = "outage-test-token-".padEnd(48, "o");
/** Long enough that the listeners' attempts to listen again find the database away a while. */
const OUTAGE_MS = 8000;
/** How soon after the database answers again both instances listen again. */
const LISTEN_AGAIN_MS = 4000;
/** How long a signal may take to have its effect after the database is back. */
const SETTLE_MS = 8000;

let cluster: Cluster;
let a: TestApp;
let b: TestApp;
let apiA: Api;
let apiB: Api;
const phones: Phone[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const options = {
    database: { kind: "postgres" as const, url: cluster.url },
    pack: await teamPack(),
    config: { operatorToken: TOKEN },
  };
  a = await startApp(options);
  b = await startApp(options);
  apiA = new Api(a.url);
  apiB = new Api(b.url);
}, 60_000);

afterAll(async () => {
  await Promise.all(phones.map((phone) => phone.stop()));
  await a.close();
  await b.close();
  await cluster.remove();
}, 60_000);

async function phone(api: Api, hash: string, reopen = true): Promise<Phone> {
  const opened = new Phone(api, hash, reopen);
  phones.push(opened);
  await opened.start();
  return opened;
}

async function invite(api: Api, hash: string): Promise<string> {
  const response = await api.post("/api/game/team/invite", { Hash: hash });
  expect(response.status).toBe(200);
  return teamInviteResponse.parse(await response.json()).value;
}

async function join(api: Api, hash: string, code: string): Promise<void> {
  const response = await fetch(`${api.url}/api/game/team/join?hash=${hash}&tjr=${code}`);
  expect(response.status, await response.text()).toBe(200);
}

/** The participant's log as the database holds it, as a phone receives it. */
async function logOf(hash: string): Promise<Received[]> {
  const player = await a.store.repos.players.findByTokenHash(hashToken(hash));
  const stream = player?.teamId ? `team:${player.teamId}` : `player:${player?.id}`;
  const rows = await a.store.repos.events.listAfter(stream, 0);
  return rows.map((row) => ({ id: row.seq, event: row.type, data: row.payload }));
}

/** The instances' listener connections (each names itself `wegmarke-bus`). */
async function listeners(): Promise<number> {
  const client = new Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'wegmarke-bus'",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${SETTLE_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a PostgreSQL outage", () => {
  it("loses no event, no news and leaves no stream in a team its player left", async () => {
    // Team X: Anna, Ben and Eve; team Y: Carla; Dora plays alone.
    const [anna, ben, eve, carla, dora] = await Promise.all([
      apiA.optin(),
      apiA.optin(),
      apiA.optin(),
      apiB.optin(),
      apiB.optin(),
    ]);
    const teamX = await invite(apiA, anna);
    await join(apiA, ben, teamX);
    await join(apiA, eve, teamX);
    const teamY = await invite(apiB, carla);
    await apiA.game("station/activate", { StationID: 1, Hash: anna });
    await apiB.game("station/activate", { StationID: 1, Hash: carla });
    await apiB.game("station/activate", { StationID: 1, Hash: dora });

    // Ben's streams on both instances, which must end when he leaves; everybody else's stay.
    const benOld = [await phone(apiA, ben, false), await phone(apiB, ben, false)];
    const staying = {
      annaB: await phone(apiB, anna),
      eveA: await phone(apiA, eve),
      eveB: await phone(apiB, eve),
      carlaA: await phone(apiA, carla),
      doraA: await phone(apiA, dora),
      doraB: await phone(apiB, dora),
    };

    expect(await listeners()).toBe(2);
    await cluster.stop("fast");
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await cluster.start();
    const back = Date.now();
    const listening = eventually(
      async () => (await listeners()) === 2,
      "both instances listen again",
    ).then(() => Date.now());
    // Awaited below; a failure meanwhile is not an unhandled one.
    listening.catch(() => undefined);

    // Right after: everything through A, whose listener may not be back yet.
    await join(apiA, ben, teamY);
    const joinedAt = Date.now();
    const sent = opsNews.parse(
      await (
        await fetch(`${a.url}/api/ops/news`, {
          method: "POST",
          headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ text: { de: "Nach dem Ausfall", en: "After the outage" } }),
        })
      ).json(),
    );
    const position = { Latitude: 50.80953, Longitude: 8.76998 };
    const shared = await apiA.post("/api/game/team/position", {
      Hash: anna,
      Share: true,
      Position: position,
    });
    expect(shared.status).toBe(200);
    for (const [api, hash, answer] of [
      [apiA, anna, "falsch 1"],
      [apiB, carla, "falsch 2"],
      [apiA, dora, "falsch 3"],
      [apiB, anna, "falsch 4"],
    ] as const) {
      await api.game("player/answer", { StationID: 1, Answer: answer, Hash: hash });
    }

    // Both instances listen again soon after the database answers.
    expect((await listening) - back).toBeLessThan(LISTEN_AGAIN_MS);
    // Ben's old streams end on both instances: none stays in the team he left.
    await eventually(() => benOld.every((old) => !old.open), "Ben's old streams ended");
    for (const old of benOld) expect(old.ends[0]).toBeLessThanOrEqual(joinedAt + SETTLE_MS);
    // Eve, on the instance the position went through, sees Anna's at once.
    await eventually(() => staying.eveA.positions.length > 0, "Eve sees Anna's position on A");
    // The news reaches every stream that stays (or the reopened stream of one that was ended).
    for (const [name, held] of Object.entries(staying)) {
      await eventually(() => held.newsIds.has(sent.id), `the news reaches ${name}`);
    }
    // Every stream holds its participant's log, exactly.
    const hashes = { annaB: anna, eveA: eve, eveB: eve, carlaA: carla, doraA: dora, doraB: dora };
    for (const [name, held] of Object.entries(staying)) {
      const log = await logOf(hashes[name as keyof typeof hashes]);
      await eventually(() => held.lastId >= (log.at(-1)?.id ?? 0), `${name} has the whole log`);
      expect(held.faults, name).toEqual([]);
      expect(withoutSnapshots(held.events), name).toEqual(withoutSnapshots(log));
    }
    // Ben, back on his phone, is in team Y: its log, its news.
    const benNow = await phone(apiA, ben, false);
    await eventually(() => benNow.newsIds.has(sent.id), "Ben's new stream has the news");
    expect(withoutSnapshots(benNow.events)).toEqual(withoutSnapshots(await logOf(carla)));
  }, 60_000);
});
