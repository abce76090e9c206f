import { join } from "node:path";
import { opsOverview, opsThread, serverEventSchemas } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, texts, typed } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { ManualTime } from "./support/manual-time";
import type { SseClient, SseMessage } from "./support/sse-client";
import { demoPack, startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A riddle's hints with the demo's frog (station 8: two hints of 1 point each beside a riddle
 * worth 2): the player asks in the chat and pays, a host gives the next one at its cost or free,
 * the console counts them, and the idle reminder offers one while one is left.
 */

const TOKEN = "hints-token-".padEnd(48, "h");
const BEARER = { authorization: `Bearer ${TOKEN}` };

/** The station's buttons as the stream sent them last. */
function buttons(messages: SseMessage[]) {
  return messages.map(typed).flatMap((event) => (event.type === "webbutton" ? [event.data] : []));
}

describe.each(dialects)("a riddle's hints ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  async function ops(method: string, path: string, body?: unknown) {
    const response = await fetch(`${app.url}/api/ops${path}`, {
      method,
      headers: { ...BEARER, ...(body !== undefined && { "content-type": "application/json" }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  }

  async function points(stream: SseClient, hash: string): Promise<number> {
    await api.game("player/answer", { StationID: 8, Answer: "Kugel", Hash: hash });
    const status = (await stream.until("playerstatus")).map(typed).at(-1);
    if (status?.type !== "playerstatus") throw new Error("no status");
    return status.data.TotalPoints;
  }

  /** A new player at the frog's riddle: its hash, stream, buttons and console id. */
  async function atTheRiddle(name: string, digits: string) {
    const { token: hash } = await api.register(`0171 ${digits}`, `+49171${digits}`, name);
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    const offered = buttons(await stream.until("answer-expected"));
    const players = JSON.parse((await ops("GET", `/players?q=${name}`)).text) as {
      players: { id: number; name: string }[];
    };
    const id = players.players.find((player) => player.name === name)?.id ?? 0;
    return { hash, stream, offered, id };
  }

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, pack: await demoPack(), config: { operatorToken: TOKEN } });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("gives the next hint on the player's tap and takes its cost off the riddle's points", async () => {
    const { hash, stream, offered } = await atTheRiddle("Hanna", "1111111");
    expect(offered).toEqual([
      { StationID: 8, Target: expect.any(String), Text: "Einen Tipp, bitte", Hint: { Cost: 1 } },
    ]);
    await api.game("button/activate", { StationID: 8, Button: offered[0]?.Target, Hash: hash });
    const first = await stream.until("answer-expected");
    expect(texts(first)).toEqual([
      "Einen Tipp, bitte",
      "Sie war rund, glänzte in der Sonne, und die Königstochter spielte am liebsten damit.",
      "Was fiel der Königstochter im Märchen in den Brunnen?",
    ]);
    // The ladder's next rung.
    expect(buttons(first)).toEqual([
      { StationID: 8, Target: expect.any(String), Text: "Noch ein Tipp", Hint: { Cost: 1 } },
    ]);
    // The first rung is gone: its old target is refused.
    const [status] = await api.gameFailure("button/activate", {
      StationID: 8,
      Button: offered[0]?.Target,
      Hash: hash,
    });
    expect(status).toBe(400);
    expect(await points(stream, hash)).toBe(1);
    stream.close();
  });

  it("lets a host give the next hint, at its cost or free, counted in the console", async () => {
    const { hash, stream, id } = await atTheRiddle("Henrik", "2222222");
    const before = opsThread.parse(JSON.parse((await ops("GET", `/players/${id}/thread`)).text));
    expect(before.station).toMatchObject({
      id: 8,
      waits: "answer",
      hint: { cost: 1 },
      hintsUsed: 0,
    });

    expect(await ops("POST", `/players/${id}/hint`, { stationId: 8, free: true })).toMatchObject({
      status: 200,
    });
    const given = await stream.until("answer-expected");
    // The hint's button goes (an empty group: no echo voids it), then the next rung's comes.
    expect(given.map((message) => message.event)).toEqual([
      "buttongroup-start",
      "webtext",
      "webtext",
      "buttongroup-start",
      "webbutton",
      "buttoninput-expected",
      "answer-expected",
    ]);
    // No echo: the host asked, not the player.
    expect(texts(given)).toEqual([
      "Sie war rund, glänzte in der Sonne, und die Königstochter spielte am liebsten damit.",
      "Was fiel der Königstochter im Märchen in den Brunnen?",
    ]);
    expect(await ops("POST", `/players/${id}/hint`, { stationId: 8, free: false })).toMatchObject({
      status: 200,
    });
    await stream.until("answer-expected");
    const after = opsThread.parse(JSON.parse((await ops("GET", `/players/${id}/thread`)).text));
    expect(after.station).toMatchObject({ hint: null, hintsUsed: 2 });
    expect(await ops("POST", `/players/${id}/hint`, { stationId: 8, free: true })).toEqual({
      status: 409,
      text: expect.stringContaining("the station offers no hint now"),
    });
    expect((await ops("POST", `/players/${id}/hint`, { stationId: 2, free: true })).status).toBe(
      409,
    );
    expect((await ops("POST", `/players/${id}/hint`, { stationId: 8 })).status).toBe(400);
    // One free, one at 1 point: 2 - 1.
    expect(await points(stream, hash)).toBe(1);
    stream.close();

    const overview = opsOverview.parse(JSON.parse((await ops("GET", "/overview")).text));
    // Hanna's one (the test above) and Henrik's two.
    expect(overview.stations.find((station) => station.id === 8)?.hintsUsed).toBe(3);
    const csv = (await ops("GET", "/export.csv?table=stations")).text;
    const [head = "", ...rows] = csv.trim().split(/\r?\n/);
    const column = head.split(",").indexOf("hints used");
    expect(column).toBeGreaterThan(0);
    const hints = rows.filter((row) => row.includes("Henrik")).map((row) => row.split(",")[column]);
    expect(hints).toEqual(["2"]);
    const audit = (await ops("GET", "/audit")).text;
    expect(audit).toContain("hint.give");
    expect(audit).toContain(`player ${id}, station 8, free`);
  });
});

describe("the reminder offers a hint while one is left", () => {
  it("says its hint text, and its plain text once the hints are used", async () => {
    const time = new ManualTime("2026-05-01T10:00:00.000Z");
    const dir = await tempDir();
    const dbFile = join(dir.dir, "hints.sqlite");
    const pack = await demoPack();
    const app = await startApp({ dbFile, pack, clock: time.clock, timer: time.timer });
    try {
      const api = new Api(app.url);
      const hash = await api.optin();
      const stream = await api.events(hash);
      await stream.next();
      await api.game("station/activate", { StationID: 8, Hash: hash });
      const offered = buttons(await stream.until("answer-expected"));
      time.advance(5 * 60_000);
      expect(serverEventSchemas.webtext.parse(typed(await stream.next()).data)).toMatchObject({
        Originator: "Der Froschkönig",
        Text: "Quak! Kommst du nicht weiter? Ich hätte einen Tipp für dich – er kostet dich einen Punkt.",
      });
      await api.game("button/activate", { StationID: 8, Button: offered[0]?.Target, Hash: hash });
      const second = buttons(await stream.until("answer-expected"));
      await api.game("button/activate", { StationID: 8, Button: second[0]?.Target, Hash: hash });
      await stream.until("answer-expected");
      time.advance(5 * 60_000);
      expect(texts([await stream.next()])).toEqual([
        "Quak? Bist du noch da? Ich warte hier unten an der Brücke auf deine Antwort.",
      ]);
      stream.close();
    } finally {
      await app.close();
      await dir.remove();
    }
  });
});
