import { join } from "node:path";
import { scoreboardResponse, teamInviteResponse } from "@wegmarke/protocol";
import type { ScoreboardResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentPack } from "../src/content/model";
import { Api } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

type Scoreboard = ScoreboardResponse["value"];

/** Each call a second later, so "who got there first" is well defined. */
const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date((clock.ms += 1000)) };
let dir: { dir: string; remove(): Promise<void> };
let pack: ContentPack;

beforeAll(async () => {
  dir = await tempDir();
  pack = await featurePack(dir.dir);
});

afterAll(async () => {
  await dir.remove();
});

async function withApp(name: string, test: (api: Api) => Promise<void>): Promise<void> {
  const app: TestApp = await startApp({ dbFile: join(dir.dir, `${name}.sqlite`), pack, clock });
  try {
    await test(new Api(app.url));
  } finally {
    await app.close();
  }
}

async function scoreboard(api: Api, hash: string): Promise<Scoreboard> {
  const response = await fetch(`${api.url}/api/game/scoreboard?${new URLSearchParams({ hash })}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return scoreboardResponse.parse(await response.json()).value;
}

/** Plays stations that end at once: 2 (1 point) and 3 (4 points). */
async function finish(api: Api, hash: string, ...stations: number[]): Promise<void> {
  for (const StationID of stations) await api.game("station/activate", { StationID, Hash: hash });
}

async function invite(api: Api, hash: string): Promise<string> {
  const response = await api.post("/api/game/team/invite", { Hash: hash });
  expect(response.status).toBe(200);
  return teamInviteResponse.parse(await response.json()).value;
}

const WANDERER = /^Wanderer \d{4}$/;

describe("GET scoreboard", () => {
  it("ranks players and teams by points, with names, finished stations and the caller's row", () =>
    withApp("ranking", async (api) => {
      const lena = (await api.register("0171 1111111", "+491711111111", "Lena")).token;
      const anon = await api.optin();
      const jonas = (await api.register("0171 2222222", "+491712222222", "Jonas")).token;
      const small = await api.optin();
      const teamless = await api.optin();
      const anonFounder = await api.optin();

      await finish(api, lena, 2, 3);
      await finish(api, anon, 3);
      await invite(api, jonas);
      await finish(api, jonas, 3);
      await finish(api, small, 2);
      await invite(api, anonFounder);
      await finish(api, anonFounder, 2);

      const seen = await scoreboard(api, teamless);
      const rows = seen.entries.map(({ rank, points, stations, isYou }) => ({
        rank,
        points,
        stations,
        isYou,
      }));
      expect(rows).toEqual([
        { rank: 1, points: 5, stations: 2, isYou: false },
        { rank: 2, points: 4, stations: 1, isYou: false },
        { rank: 2, points: 4, stations: 1, isYou: false },
        { rank: 4, points: 1, stations: 1, isYou: false },
        { rank: 4, points: 1, stations: 1, isYou: false },
      ]);
      const names = seen.entries.map((e) => e.name);
      expect(names[0]).toBe("Lena");
      expect(names[1]).toMatch(WANDERER);
      expect(names[2]).toBe("Jonas & Team");
      expect(names[3]).toMatch(WANDERER);
      expect(names[4]).toMatch(/^Team \S+ \d{2}$/);
      // Who finished nothing is not listed, but learns where they stand.
      expect(seen.you).toMatchObject({ rank: 6, points: 0, stations: 0, isYou: true });
      expect(seen.you.name).toMatch(WANDERER);
      // Names are stable, and phone numbers appear nowhere.
      expect((await scoreboard(api, teamless)).you.name).toBe(seen.you.name);
      expect(JSON.stringify(seen)).not.toMatch(/171|1111111|2222222/);

      const mine = await scoreboard(api, lena);
      expect(mine.entries.map((e) => e.isYou)).toEqual([true, false, false, false, false]);
      expect(mine.you).toEqual({ rank: 1, name: "Lena", points: 5, stations: 2, isYou: true });
      expect((await scoreboard(api, jonas)).you).toMatchObject({ name: "Jonas & Team", rank: 2 });
    }));

  it("is up to date right after a station finishes, and forgets a deleted player", () =>
    withApp("live", async (api) => {
      const lena = (await api.register("0171 3333333", "+491713333333", "Lena")).token;
      const other = await api.optin();
      await finish(api, lena, 3);
      expect((await scoreboard(api, other)).entries.map((e) => e.name)).toEqual(["Lena"]);

      await finish(api, other, 2);
      expect((await scoreboard(api, other)).you).toMatchObject({ rank: 2, points: 1 });
      await finish(api, other, 3);
      const tied = await scoreboard(api, other);
      expect(tied.you).toMatchObject({ rank: 1, points: 5, stations: 2 });
      expect(tied.entries.map((e) => e.rank)).toEqual([1, 2]);

      await api.game("outro/activate", { Skip: true, Hash: lena });
      expect((await scoreboard(api, other)).entries.map((e) => e.isYou)).toEqual([true]);
    }));

  it("lists the best 50 and adds the caller's own row below them", () =>
    withApp("top", async (api) => {
      const players = await Promise.all(Array.from({ length: 52 }, () => api.optin()));
      for (const hash of players.slice(0, 51)) await finish(api, hash, 3);
      const last = players[51] ?? "";
      await finish(api, last, 2);
      const seen = await scoreboard(api, last);
      expect(seen.entries).toHaveLength(50);
      expect(seen.entries.every((e) => e.rank === 1 && !e.isYou)).toBe(true);
      expect(seen.you).toMatchObject({ rank: 52, points: 1, stations: 1, isYou: true });
    }));

  it("needs a valid token", () =>
    withApp("auth", async (api) => {
      const response = await fetch(`${api.url}/api/game/scoreboard?hash=nope`);
      expect([response.status, await response.text()]).toEqual([401, "invalid hash"]);
      const none = await fetch(`${api.url}/api/game/scoreboard`);
      expect(none.status).toBe(401);
    }));
});
