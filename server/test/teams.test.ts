import { playerStatusSchema, teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api, texts, types } from "./support/api";
import type { SseMessage } from "./support/sse-client";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const DAY = 24 * 60 * 60 * 1000;

const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite`, pack: await teamPack(), clock });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const ids = (messages: SseMessage[]) => messages.map((m) => m.id);
const status = (message: SseMessage | undefined) =>
  playerStatusSchema.parse(JSON.parse(message?.data ?? ""));

async function invite(hash: string): Promise<string> {
  const response = await api.post("/api/game/team/invite", { Hash: hash });
  expect(response.status, await response.clone().text()).toBe(200);
  return teamInviteResponse.parse(await response.json()).value;
}

async function join(hash: string, tjr: string): Promise<[number, string]> {
  const query = new URLSearchParams({ hash, tjr });
  const response = await fetch(`${app.url}/api/game/team/join?${query.toString()}`);
  return [response.status, await response.text()];
}

describe("teams", () => {
  it("are formed by invitation: both members share one thread, one state, one score, live", async () => {
    // Anna plays alone first: station 1 is running, ids 1..6.
    const anna = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: anna });
    const annaStream = await api.events(anna);
    const solo = await annaStream.until("answer-expected");
    expect(status(solo[0]).HasTeam).toBe(false);

    // Her invitation founds the team; her game moves to it with the same ids.
    const code = await invite(anna);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await annaStream.closedByServer();
    const annaAgain = await api.events(anna, 6);
    const resumed = await annaAgain.next();
    expect(status(resumed)).toMatchObject({ HasTeam: true, CurrentStation: 1 });
    expect(await annaAgain.drain()).toEqual([]);

    // Ben joins with the code as typed by a person; his open stream ends.
    const ben = await api.optin();
    const benStream = await api.events(ben);
    await benStream.next();
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect(await join(ben, typed)).toEqual([200, '{"value":"ok"}']);
    await benStream.closedByServer();

    // Reconnecting without an id, he sees the team's thread from its start.
    const benAgain = await api.events(ben);
    const replay = await benAgain.until("answer-expected");
    expect(status(replay[0])).toMatchObject({ HasTeam: true, CurrentStation: 1 });
    expect(ids(replay.slice(1))).toEqual(["2", "3", "4", "5", "6"]);

    // Ben answers: both phones get the same events with the same ids.
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });
    const seenByAnna = await annaAgain.until("playerstatus");
    const seenByBen = await benAgain.until("playerstatus");
    expect(ids(seenByAnna)).toEqual(["7", "8", "9", "10"]);
    expect(seenByBen).toEqual(seenByAnna);
    expect(texts(seenByAnna)[0]).toBe("Gockel");
    expect(status(seenByAnna.at(-1))).toMatchObject({ HasTeam: true, TotalPoints: 3 });

    // Anna's calls act on the same state: station 1 is done for her too.
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: anna })).toEqual([
      409,
      "station done",
    ]);
    annaAgain.close();
    benAgain.close();
  });

  it("keeps a member's stream open when they join their own team again", async () => {
    const anna = await api.optin();
    const code = await invite(anna);
    const stream = await api.events(anna);
    await stream.next();
    expect(await join(anna, code)).toEqual([200, '{"value":"ok"}']);
    // A second invitation of the same team moves nothing either.
    const second = await invite(anna);
    expect(second).not.toBe(code);
    await api.game("station/activate", { StationID: 2, Hash: anna });
    expect(types(await stream.until("playerstatus"))).toEqual(["playerstatus"]);
    stream.close();
  });

  it("answer 400 team invitation failed for unknown, malformed and expired codes", async () => {
    const anna = await api.optin();
    const ben = await api.optin();
    const code = await invite(anna);
    for (const tjr of ["ABCDEFGH", "nonsense", "x"]) {
      expect(await join(ben, tjr)).toEqual([400, "team invitation failed"]);
    }
    clock.ms += 7 * DAY;
    expect(await join(ben, code)).toEqual([400, "team invitation failed"]);
    // A fresh invitation of the same team works.
    expect(await join(ben, await invite(anna))).toEqual([200, '{"value":"ok"}']);
  });

  it("need a valid token, and name a missing code", async () => {
    const anna = await api.optin();
    const code = await invite(anna);
    expect(await join("nope", code)).toEqual([401, "invalid hash"]);
    expect(await api.gameFailure("team/invite", { Hash: "nope" })).toEqual([401, "invalid hash"]);
    const response = await fetch(`${app.url}/api/game/team/join?hash=${anna}`);
    expect([response.status, await response.text()]).toEqual([400, "tjr: required"]);
  });

  it("stop a player guessing codes after 10 failures within the hour", async () => {
    const guesser = await api.optin();
    for (let i = 0; i < 10; i++) {
      expect((await join(guesser, "ABCDEFGH"))[0]).toBe(400);
    }
    expect(await join(guesser, "ABCDEFGH")).toEqual([429, "too many attempts"]);
    // Even the right code waits: the lock is per player, not per guess.
    expect((await join(guesser, await invite(await api.optin())))[0]).toBe(429);
    clock.ms += 60 * 60 * 1000;
  });

  it("let a player change teams; the team left behind goes when it is empty", async () => {
    const anna = await api.optin();
    const ben = await api.optin();
    await invite(ben);
    const oldTeam = (await app.store.repos.players.findByTokenHash(hashToken(ben)))?.teamId ?? 0;
    expect(oldTeam).toBeGreaterThan(0);
    expect(await join(ben, await invite(anna))).toEqual([200, '{"value":"ok"}']);
    expect(await app.store.repos.streams.lastSeq(`team:${oldTeam}`)).toBeUndefined();
    expect(await app.store.repos.players.countInTeam(oldTeam)).toBe(0);
  });

  it("keep strangers out: another player's token never shows the team's thread", async () => {
    const anna = await api.optin();
    await invite(anna);
    await api.game("station/activate", { StationID: 3, Hash: anna });
    const stranger = await api.optin();
    const stream = await api.events(stranger);
    expect(status(await stream.next())).toMatchObject({ HasTeam: false, CurrentStation: 0 });
    await api.game("station/cancel", { StationID: 3, Hash: anna });
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });
});

describe("without allowTeams", () => {
  let plain: TestApp;

  beforeAll(async () => {
    plain = await startApp({ dbFile: `${dir.dir}/plain.sqlite` });
  });

  afterAll(async () => {
    await plain.close();
  });

  it("answer 404 teams not enabled", async () => {
    const plainApi = new Api(plain.url);
    const hash = await plainApi.optin();
    expect(await plainApi.gameFailure("team/invite", { Hash: hash })).toEqual([
      404,
      "teams not enabled",
    ]);
    const response = await fetch(`${plain.url}/api/game/team/join?hash=${hash}&tjr=ABCDEFGH`);
    expect([response.status, await response.text()]).toEqual([404, "teams not enabled"]);
  });
});
