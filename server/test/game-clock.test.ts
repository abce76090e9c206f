import { opsClock } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, typed } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { ManualTime } from "./support/manual-time";
import { opsCall } from "./support/ops-client";
import type { SseClient } from "./support/sse-client";
import { demoPack, startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The game's clock: game.yaml's start and end, a host's end set live. Before the start and from
 * the end on nothing is played (409 with a reason the app says); the apps hear of a host's end
 * at once. The demo's frog (station 8) is done with 2 points for "Kugel".
 */

const TOKEN = "clock-token-".padEnd(48, "k");
const START = "2026-06-13T10:00:00+02:00";
const END = "2026-06-13T14:00:00+02:00";
const MINUTE = 60_000;

describe.each(dialects)("the game's clock ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  // 09:30 in Marburg: half an hour before the start.
  const time = new ManualTime("2026-06-13T07:30:00.000Z");

  const ops = (method: string, path: string, body?: unknown) =>
    opsCall(app, TOKEN, method, path, body);

  async function clockEvent(stream: SseClient) {
    const last = (await stream.until("gameclock")).at(-1);
    const event = last && typed(last);
    if (event?.type !== "gameclock") throw new Error("no clock");
    return event.data;
  }

  beforeAll(async () => {
    db = await dialect.open();
    // A copy: the demo pack is shared by the file's apps.
    const pack = { ...(await demoPack()), clock: { start: START, end: END } };
    app = await startApp({
      ...db.where,
      pack,
      clock: time.clock,
      timer: time.timer,
      config: { operatorToken: TOKEN },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("opens at the start, closes at the end, and opens again when a host extends it", async () => {
    const { token: hash } = await api.register("0171 6161616", "+491716161616", "Greta");
    const stream = await api.events(hash);
    expect(typed(await stream.next()).type).toBe("playerstatus");
    expect(await clockEvent(stream)).toEqual({
      StartsAt: START,
      EndsAt: END,
      ServerTime: "2026-06-13T07:30:00.000Z",
    });
    expect(await api.gameFailure("station/activate", { StationID: 8, Hash: hash })).toEqual([
      409,
      "game not started",
    ]);

    time.advance(60 * MINUTE);
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    const read = opsClock.parse(JSON.parse((await ops("GET", "/clock")).text));
    expect(read).toEqual({
      startsAt: START,
      endsAt: END,
      packEndsAt: END,
      now: "2026-06-13T08:30:00.000Z",
    });

    // 14:00: the end. The answer that would finish the frog counts no more.
    time.advance(210 * MINUTE);
    const answer = { StationID: 8, Answer: "Kugel", Hash: hash };
    expect(await api.gameFailure("player/answer", answer)).toEqual([409, "game over"]);
    expect(await api.gameFailure("station/activate", { StationID: 2, Hash: hash })).toEqual([
      409,
      "game over",
    ]);

    const extended = await ops("PUT", "/clock", { endsAt: "2026-06-13T14:30:00+02:00" });
    expect(extended.status, extended.text).toBe(200);
    expect(opsClock.parse(JSON.parse(extended.text))).toMatchObject({
      endsAt: "2026-06-13T12:30:00.000Z",
      packEndsAt: END,
    });
    expect(await clockEvent(stream)).toEqual({
      StartsAt: START,
      EndsAt: "2026-06-13T12:30:00.000Z",
      ServerTime: "2026-06-13T12:00:00.000Z",
    });
    await api.game("player/answer", answer);
    const status = (await stream.until("playerstatus")).map(typed).at(-1);
    if (status?.type !== "playerstatus") throw new Error("no status");
    expect(status.data.TotalPoints).toBe(2);

    // Back to the pack's end, which has passed: closed again, and a new stream says so.
    expect((await ops("PUT", "/clock", { endsAt: null })).status).toBe(200);
    expect((await clockEvent(stream)).EndsAt).toBe(END);
    stream.close();
    const again = await api.events(hash);
    await again.next();
    expect((await clockEvent(again)).EndsAt).toBe(END);
    again.close();
    expect(await api.gameFailure("station/activate", { StationID: 2, Hash: hash })).toEqual([
      409,
      "game over",
    ]);

    const audit = (await ops("GET", "/audit")).text;
    expect(audit).toContain("clock.end");
    expect(audit).toContain(`end 2026-06-13T12:30:00.000Z (was ${END})`);
  });

  it("refuses an end before the start and what is no time", async () => {
    for (const endsAt of ["2026-06-13T09:00:00+02:00", START]) {
      expect(await ops("PUT", "/clock", { endsAt })).toMatchObject({
        status: 400,
        text: expect.stringContaining("the game must end after it starts"),
      });
    }
    for (const body of [{ endsAt: "morgen" }, { endsAt: "2026-06-13T14:00:00" }, {}]) {
      expect((await ops("PUT", "/clock", body)).status).toBe(400);
    }
    expect(opsClock.parse(JSON.parse((await ops("GET", "/clock")).text)).endsAt).toBe(END);
  });
});

describe("a game without a clock", () => {
  it("sends no clock and is never closed", async () => {
    const [sqlite] = dialects;
    if (!sqlite) throw new Error("no dialect");
    const db = await sqlite.open();
    const app = await startApp({ ...db.where, config: { operatorToken: TOKEN } });
    try {
      const api = new Api(app.url);
      const { token: hash } = await api.register("0171 6262626", "+491716262626", "Hugo");
      const stream = await api.events(hash);
      await stream.next();
      expect((await stream.drain()).map((message) => message.event)).not.toContain("gameclock");
      await api.game("station/activate", { StationID: 8, Hash: hash });
      const clock = await opsCall(app, TOKEN, "GET", "/clock");
      expect(opsClock.parse(JSON.parse(clock.text))).toMatchObject({
        startsAt: null,
        endsAt: null,
        packEndsAt: null,
      });
      stream.close();
    } finally {
      await app.close();
      await db.done();
    }
  });
});
