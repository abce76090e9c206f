import {
  opsInbox,
  opsInboxSummary,
  opsPlayersPage,
  scoreboardResponse,
  opsThread,
  serverEventSchemas,
  teamInviteResponse,
} from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api, texts, types } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { ManualTime } from "./support/manual-time";
import { SseClient } from "./support/sse-client";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { StartOptions, TestApp } from "./support/test-app";

/** Two instances of the server on one PostgreSQL schema, as behind a load balancer. */

const T0 = "2026-05-01T10:00:00.000Z";
const SECOND = 1000;

let schema: TestSchema;
let apps: TestApp[];

beforeEach(async () => {
  schema = await createTestSchema();
  apps = [];
});

afterEach(async () => {
  for (const app of apps) await app.close();
  await schema.drop();
});

async function instance(options: Omit<StartOptions, "dbFile" | "database"> = {}): Promise<Api> {
  const app = await startApp({ database: schema.database, ...options });
  apps.push(app);
  return new Api(app.url);
}

/** The texts of a player's logged `webtext` events, oldest first. */
async function loggedTexts(hash: string): Promise<string[]> {
  const store = apps[0]?.store;
  const player = await store?.repos.players.findByTokenHash(hashToken(hash));
  const log = (await store?.repos.events.listAfter(`player:${player?.id}`, 0)) ?? [];
  return texts(log.map((row) => ({ id: String(row.seq), event: row.type, data: row.payload })));
}

const TOKEN = "instances-master-".padEnd(48, "i");
const BEARER = { authorization: `Bearer ${TOKEN}` };

/** An operators' call to the instance at `url`, with the operator token. */
async function ops(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/api/ops${path}`, {
    method,
    headers: { ...BEARER, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, text: await response.text() };
}

/** Resolves once `check` holds, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("two instances on one PostgreSQL database", () => {
  it("deliver what a call on one causes to the stream open on the other", async () => {
    const a = await instance();
    const b = await instance();
    const hash = await a.optin();
    const stream = await a.events(hash);
    expect((await stream.next()).event).toBe("playerstatus");

    await b.game("station/activate", { StationID: 1, Hash: hash });
    const intro = await stream.until("answer-expected");
    expect(intro.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    await b.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const reaction = await stream.until("answer-expected");
    expect(texts(reaction)[0]).toBe("Katze");
    expect(reaction.map((m) => m.id)).toEqual(["7", "8", "9", "10"]);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("take a team's answers on both at once: each once, in one unbroken order", async () => {
    const a = await instance({ pack: await teamPack() });
    const b = await instance({ pack: await teamPack() });
    const anna = await a.optin();
    const code = teamInviteResponse.parse(
      await (await a.post("/api/game/team/invite", { Hash: anna })).json(),
    ).value;
    const ben = await b.optin();
    expect((await fetch(`${b.url}/api/game/team/join?hash=${ben}&tjr=${code}`)).status).toBe(200);
    await a.game("station/activate", { StationID: 1, Hash: anna });
    const stream = await b.events(ben);
    await stream.until("answer-expected");

    // Both members answer wrongly, ten times each, through both instances at the same moments.
    const answers = Array.from({ length: 10 }, (_, i) => [
      a.game("player/answer", { StationID: 1, Answer: `Anna ${i}`, Hash: anna }),
      b.game("player/answer", { StationID: 1, Answer: `Ben ${i}`, Hash: ben }),
    ]).flat();
    await Promise.all(answers);
    const echoes: string[] = [];
    const ids: number[] = [];
    while (echoes.length < 20) {
      const message = await stream.next();
      ids.push(Number(message.id));
      const data = JSON.parse(message.data) as { Originator?: string; Text?: string };
      if (message.event === "webtext" && data.Originator === "user") echoes.push(data.Text ?? "");
    }
    expect(echoes.toSorted()).toEqual(
      Array.from({ length: 10 }, (_, i) => [`Anna ${i}`, `Ben ${i}`])
        .flat()
        .toSorted(),
    );
    // Every answer is its own turn: the echo, the hint, the question, the input again.
    expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i));
    expect(await stream.until("answer-expected")).toHaveLength(3);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("register one new phone number once when both are asked for its code at the same moment", async () => {
    const a = await instance();
    const b = await instance();
    const phones = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `0171 555 000${n}`);
    const body = (phone: string) => ({ first_name: "Lena", phone, story_id: "marburg" });
    const answers = await Promise.all(
      phones.flatMap((phone) => [a, b].map((api) => api.account("optin/sms", body(phone)))),
    );
    expect(answers).toEqual(answers.map(() => [200, '{"value":"ok"}']));
    for (const phone of phones) {
      const canonical = `+49171555000${phone.at(-1)}`;
      const player = await apps[0]?.store.repos.players.findByPhone(canonical);
      expect(player?.firstName).toBe("Lena");
    }
  });

  it("count failed logins of one number together, whichever of them answers", async () => {
    const a = await instance();
    const b = await instance();
    const phone = "0171 5550123";
    const { code } = await a.register(phone, "+491715550123");
    const wrong = { phone, password: "falsch" };
    for (const api of [a, b, a, b, a]) {
      expect(await api.account("login/phone", wrong)).toEqual([430, "login failed"]);
    }
    const [status, reason] = await b.account("login/phone", { phone, password: code });
    expect([status, reason]).toEqual([429, "too many attempts"]);
  });

  it("end a player's stream open on one when they join a team on the other", async () => {
    const a = await instance({ pack: await teamPack() });
    const b = await instance({ pack: await teamPack() });
    const anna = await a.optin();
    const invitation = await a.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invitation.json()).value;
    const ben = await b.optin();
    const stream = await b.events(ben);
    expect((await stream.next()).event).toBe("playerstatus");

    const joined = await fetch(`${a.url}/api/game/team/join?hash=${ben}&tjr=${code}`);
    expect(joined.status).toBe(200);
    // Ben's app reconnects at once, maybe before the news reaches B: the new stream stays open.
    const again = await b.events(ben);
    await stream.closedByServer();
    expect(JSON.parse((await again.next()).data)).toMatchObject({ HasTeam: true });
    await again.drain();
    expect(again.isEnded).toBe(false);
    again.close();
  });

  it("deliver a message scheduled through one with the other when the first is gone", async () => {
    const dir = await tempDir();
    try {
      const pack = await featurePack(dir.dir);
      const timeB = new ManualTime(T0);
      const b = await instance({ pack, clock: timeB.clock, timer: timeB.timer });
      const timeA = new ManualTime(T0);
      const a = await instance({ pack, clock: timeA.clock, timer: timeA.timer });
      const hash = await a.optin();
      await a.game("station/activate", { StationID: 1, Hash: hash });
      await apps.pop()?.close();
      // B started before the row existed: it knows of it from A's signal alone.
      await eventually(() => timeB.armed()[0] === "2026-05-01T10:00:30.000Z");
      const stream = await b.events(hash);
      await stream.until("messages-pending");
      timeB.advance(30 * SECOND);
      expect(texts([await stream.next(), await stream.next()])).toEqual([
        "Gefunden!",
        "Hier ist es.",
      ]);
      stream.close();
    } finally {
      await dir.remove();
    }
  });

  it("deliver a message due later exactly once, though both schedulers fire", async () => {
    const dir = await tempDir();
    try {
      const pack = await featurePack(dir.dir);
      const timeA = new ManualTime(T0);
      const a = await instance({ pack, clock: timeA.clock, timer: timeA.timer });
      const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => a.optin()));
      for (const hash of players) await a.game("station/activate", { StationID: 1, Hash: hash });
      // B starts with the rows already stored: its scheduler is set to them as well.
      const timeB = new ManualTime(T0);
      const b = await instance({ pack, clock: timeB.clock, timer: timeB.timer });
      expect(timeA.armed()).toEqual(["2026-05-01T10:00:30.000Z"]);
      expect(timeB.armed()).toEqual(["2026-05-01T10:00:30.000Z"]);
      const stream = await b.events(players[0] ?? "");
      expect(types(await stream.until("messages-pending"))).toEqual([
        "playerstatus",
        "webtext",
        "webcontent",
        "messages-pending",
      ]);

      // Both fire at once: every due row goes out from one of them.
      timeA.advance(30 * SECOND);
      timeB.advance(30 * SECOND);
      expect(texts(await stream.until("messages-pending"))).toEqual(["Gefunden!", "Hier ist es."]);
      // Each scheduler is done once it is set to the next row (the question, 10 s on).
      const next = "2026-05-01T10:00:40.000Z";
      await eventually(() => timeA.armed()[0] === next && timeB.armed()[0] === next);
      expect(await stream.drain()).toEqual([]);
      for (const hash of players) {
        expect(await loggedTexts(hash)).toEqual([
          "Ich suche das Buch.",
          "Gefunden!",
          "Hier ist es.",
        ]);
      }
      stream.close();
    } finally {
      await dir.remove();
    }
  });

  it("tell the game master's page of a player's answer on the other, and send the host's line there", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654327", "+491717654327", "Hedwig");
    const stream = await player.events(token);
    await stream.next();
    await player.game("station/activate", { StationID: 1, Hash: token });
    await stream.until("answer-expected");
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host.url, "GET", "/players?q=Hedwig")).text),
    );
    const id = page.players[0]?.id ?? 0;

    const watch = await SseClient.connect(`${host.url}/api/ops/players/${id}/watch`, BEARER);
    expect((await watch.next()).event).toBe("changed");
    await player.game("player/answer", { StationID: 1, Answer: "Spatz", Hash: token });
    expect((await watch.next()).event).toBe("changed");
    const thread = opsThread.parse(
      JSON.parse((await ops(host.url, "GET", `/players/${id}/thread`)).text),
    );
    expect(thread.lines).toContainEqual(expect.objectContaining({ from: "user", text: "Spatz" }));
    watch.close();

    const line = { stationId: 1, from: "Spielleitung", text: "Schaut auf die Uhr am Rathaus." };
    expect((await ops(host.url, "POST", `/players/${id}/lines`, line)).status).toBe(200);
    let heard = false;
    for (let n = 0; n < 50 && !heard; n++) {
      const message = await stream.next();
      heard =
        message.event === "webtext" && message.data.includes("Schaut auf die Uhr am Rathaus.");
    }
    expect(heard).toBe(true);
    stream.close();
  });

  it("bring a player's message on one to the inbox of a console on the other, and the answer back", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const console = await SseClient.connect(`${host.url}/api/ops/live`, BEARER);
    await console.until("inbox");
    const hash = await player.optin();
    const stream = await player.events(hash);
    await stream.next();

    const sent = await player.post("/api/game/organisers", { Hash: hash, Text: "Hilfe!" });
    expect(sent.status).toBe(200);
    const summary = opsInboxSummary.parse(
      JSON.parse((await console.until("inbox")).at(-1)?.data ?? ""),
    );
    expect(summary).toMatchObject({ unread: 1, open: 1 });
    console.close();

    const inbox = opsInbox.parse(JSON.parse((await ops(host.url, "GET", "/inbox")).text));
    const id = inbox.conversations[0]?.participant.playerId ?? 0;
    const answer = { text: "Wir kommen zu euch." };
    expect((await ops(host.url, "POST", `/players/${id}/organisers`, answer)).status).toBe(200);
    // The player's own message came to their stream first; then the answer.
    let heard: unknown;
    for (let n = 0; n < 50 && heard === undefined; n++) {
      const message = await stream.next();
      if (message.event !== "organisers") continue;
      const { Messages } = serverEventSchemas.organisers.parse(JSON.parse(message.data));
      heard = Messages.find((m) => m.From === "organisers");
    }
    expect(heard).toMatchObject({ From: "organisers", Text: "Wir kommen zu euch." });
    stream.close();
  });

  it("give a host's hint on one to the player's stream open on the other", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654328", "+491717654328", "Hinrich");
    const stream = await player.events(token);
    await stream.next();
    await player.game("station/activate", { StationID: 8, Hash: token });
    await stream.until("answer-expected");
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host.url, "GET", "/players?q=Hinrich")).text),
    );
    const id = page.players[0]?.id ?? 0;

    const hint = { stationId: 8, free: false };
    expect((await ops(host.url, "POST", `/players/${id}/hint`, hint)).status).toBe(200);
    const texts = (await stream.until("answer-expected")).flatMap((message) =>
      message.event === "webtext" ? [JSON.parse(message.data) as { Text: string }] : [],
    );
    expect(texts[0]?.Text).toContain("Sie war rund");
    stream.close();
  });

  it("continue a player's dialogue at a knot on one, on the stream open on the other", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654329", "+491717654329", "Johanna");
    const stream = await player.events(token);
    await stream.next();
    await player.game("station/activate", { StationID: 8, Hash: token });
    await stream.until("answer-expected");
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host.url, "GET", "/players?q=Johanna")).text),
    );
    const id = page.players[0]?.id ?? 0;

    const jump = { stationId: 8, knot: "aufloesung" };
    expect((await ops(host.url, "POST", `/players/${id}/jump`, jump)).status).toBe(200);
    const events = await stream.until("playerstatus");
    expect(events[0]?.event).toBe("wait-ended");
    const texts = events.flatMap((message) =>
      message.event === "webtext" ? [JSON.parse(message.data) as { Text: string }] : [],
    );
    expect(texts[0]?.Text).toContain("Ich verrate es dir");
    stream.close();
  });

  it("close a station on one: the stream on the other hides it, and its activation there is refused", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654331", "+491717654331", "Selma");
    const stream = await player.events(token);
    await stream.next();
    await player.game("station/activate", { StationID: 8, Hash: token });
    await stream.until("answer-expected");
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host.url, "GET", "/players?q=Selma")).text),
    );
    const id = page.players[0]?.id ?? 0;

    expect((await ops(host.url, "POST", `/players/${id}/stations/8/close`, {})).status).toBe(200);
    const closed = JSON.parse((await stream.until("playerstatus")).at(-1)?.data ?? "{}");
    expect(closed).toMatchObject({
      CurrentStation: 0,
      Stations: { 8: { GameState: { Visible: false } } },
    });
    const refused = await player.gameFailure("station/activate", { StationID: 8, Hash: token });
    expect(refused).toEqual([409, "station closed"]);
    expect((await ops(host.url, "POST", `/players/${id}/stations/8/reopen`, {})).status).toBe(200);
    const reopened = JSON.parse((await stream.until("playerstatus")).at(-1)?.data ?? "{}");
    expect(reopened).toMatchObject({ Stations: { 8: { GameState: { Visible: true } } } });
    await player.game("station/activate", { StationID: 8, Hash: token });
    await stream.until("answer-expected");
    stream.close();
  });

  it("end the game on one: the stream on the other hears it, and the other refuses play until it is extended", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654332", "+491717654332", "Till");
    const stream = await player.events(token);
    await stream.next();
    const activate = () => player.gameFailure("station/activate", { StationID: 8, Hash: token });
    const clockOn = async () => {
      const event = (await stream.until("gameclock")).at(-1);
      return JSON.parse(event?.data ?? "{}") as { EndsAt: string | null };
    };
    try {
      const now = new Date().toISOString();
      expect((await ops(host.url, "PUT", "/clock", { endsAt: now })).status).toBe(200);
      expect((await clockOn()).EndsAt).toBe(now);
      // The other instance read the end anew before its stream heard it.
      expect(await activate()).toEqual([409, "game over"]);

      const later = new Date(Date.now() + 60 * 60_000).toISOString();
      expect((await ops(host.url, "PUT", "/clock", { endsAt: later })).status).toBe(200);
      expect((await clockOn()).EndsAt).toBe(later);
      await player.game("station/activate", { StationID: 8, Hash: token });
      await stream.until("answer-expected");
    } finally {
      // The schema is the file's: the other cases play without an end.
      await ops(host.url, "PUT", "/clock", { endsAt: null });
      stream.close();
    }
  });

  it("award points on one: the player's app on the other and both scoreboards count them", async () => {
    const host = await instance({ config: { operatorToken: TOKEN } });
    const player = await instance({ config: { operatorToken: TOKEN } });
    const { token } = await player.register("0171 7654330", "+491717654330", "Pauline");
    const stream = await player.events(token);
    await stream.next();
    const page = opsPlayersPage.parse(
      JSON.parse((await ops(host.url, "GET", "/players?q=Pauline")).text),
    );
    const id = page.players[0]?.id ?? 0;
    const scoreOn = async (url: string) => {
      const response = await fetch(`${url}/api/game/scoreboard?hash=${token}`);
      return scoreboardResponse.parse(await response.json()).value.you.points;
    };
    // Each instance has ranked once before the award: its cached ranking must go.
    expect([await scoreOn(host.url), await scoreOn(player.url)]).toEqual([0, 0]);

    const award = { points: 4, reason: "Schönstes Foto" };
    expect((await ops(host.url, "POST", `/players/${id}/points`, award)).status).toBe(200);
    const status = (await stream.until("playerstatus")).at(-1);
    expect(JSON.parse(status?.data ?? "{}")).toMatchObject({ TotalPoints: 4, Awarded: 4 });
    await expect.poll(() => scoreOn(player.url), { timeout: 5_000 }).toBe(4);
    expect(await scoreOn(host.url)).toBe(4);
    stream.close();
  });
});
