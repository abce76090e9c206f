import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ContentPack } from "../src/content/model";
import { Api, texts, typed, types } from "./support/api";
import { countRows } from "./support/db-dump";
import { featurePack } from "./support/feature-pack";
import { ManualTime } from "./support/manual-time";
import type { SseClient, SseMessage } from "./support/sse-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const T0 = "2026-05-01T10:00:00.000Z";
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let dir: { dir: string; remove(): Promise<void> };
let pack: ContentPack;
let app: TestApp | undefined;
let dbFile: string;

beforeAll(async () => {
  dir = await tempDir();
  pack = await featurePack(dir.dir);
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

afterAll(async () => {
  await dir.remove();
});

let dbCount = 0;
/** A fresh app on a fresh database, its clock and timer moved by hand. */
async function start(time: ManualTime, file?: string): Promise<Api> {
  dbFile = file ?? join(dir.dir, `db-${++dbCount}.sqlite`);
  app = await startApp({ dbFile, pack, clock: time.clock, timer: time.timer });
  return new Api(app.url);
}

async function player(api: Api): Promise<{ hash: string; stream: SseClient }> {
  const hash = await api.optin();
  const stream = await api.events(hash);
  await stream.next();
  return { hash, stream };
}

describe("messages a script delays", () => {
  it("arrive at their due time, and the question opens the input only once it is out", async () => {
    const time = new ManualTime(T0);
    const api = await start(time);
    const { hash, stream } = await player(api);

    await api.game("station/activate", { StationID: 1, Hash: hash });
    const first = await stream.until("messages-pending");
    // The app says meanwhile that Eva writes again.
    expect(types(first)).toEqual(["playerstatus", "webtext", "webcontent", "messages-pending"]);
    expect(typed(first[3] as SseMessage).data).toEqual({ StationID: 1, Originator: "Eva" });
    expect(await stream.drain()).toEqual([]);
    expect(time.armed()).toEqual(["2026-05-01T10:00:30.000Z"]);
    // Nobody answers a question before it was asked.
    expect(
      await api.gameFailure("player/answer", { StationID: 1, Answer: "Grimm", Hash: hash }),
    ).toEqual([409, "no answer expected"]);

    time.advance(30 * SECOND - 1);
    expect(await stream.drain(100)).toEqual([]);
    time.advance(1);
    const found = [await stream.next(), await stream.next(), await stream.next()];
    expect(texts(found)).toEqual(["Gefunden!", "Hier ist es."]);
    expect(found.map((m) => typed(m).data)).toMatchObject([
      { Timestamp: "2026-05-01T10:00:30.000Z" },
      { Timestamp: "2026-05-01T10:00:30.000Z" },
      // The question is still to come.
      { Originator: "Eva" },
    ]);
    expect(types(found).at(-1)).toBe("messages-pending");
    expect(await stream.drain()).toEqual([]);
    expect(time.armed()).toEqual(["2026-05-01T10:00:40.000Z"]);

    time.advance(10 * SECOND);
    const question = await stream.until("answer-expected");
    expect(types(question)).toEqual(["webtext", "answer-expected"]);
    expect(texts(question)).toEqual(["Wie heißt der Autor?"]);

    await api.game("player/answer", { StationID: 1, Answer: "Grimm", Hash: hash });
    expect(texts(await stream.until("playerstatus"))).toEqual(["Grimm", "Richtig!"]);
    expect(countRows(dbFile, "scheduled_messages", "1 = 1")).toBe(0);
    stream.close();
  });

  it("survive a restart: an overdue message is delivered when the server starts again", async () => {
    const time = new ManualTime(T0);
    let api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const before = await stream.until("messages-pending");
    const lastId = before.at(-1)?.id ?? "";
    stream.close();
    await app?.close();

    time.advance(5 * MINUTE);
    api = await start(time, dbFile);
    const resumed = await api.events(hash, lastId);
    await resumed.next();
    const overdue = await resumed.until("answer-expected");
    expect(texts(overdue)).toEqual(["Gefunden!", "Hier ist es.", "Wie heißt der Autor?"]);
    expect(typed(overdue[0] as SseMessage).data).toMatchObject({
      Timestamp: "2026-05-01T10:05:00.000Z",
    });
    expect(countRows(dbFile, "scheduled_messages", "kind = 'messages'")).toBe(0);
    resumed.close();
  });

  it("are dropped when the station is cancelled", async () => {
    const time = new ManualTime(T0);
    const api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("webcontent");
    expect(countRows(dbFile, "scheduled_messages", "1 = 1")).toBe(2);

    await api.game("station/cancel", { StationID: 1, Hash: hash });
    await stream.until("playerstatus");
    expect(countRows(dbFile, "scheduled_messages", "1 = 1")).toBe(0);
    time.advance(MINUTE);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("are dropped when another station replaces the current one", async () => {
    const time = new ManualTime(T0);
    const api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("webcontent");
    await api.game("station/activate", { StationID: 2, Hash: hash });
    await stream.until("playerstatus");
    await stream.until("playerstatus");
    time.advance(MINUTE);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("may come after the station is done: the end and the points count at once", async () => {
    const time = new ManualTime(T0);
    const api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 3, Hash: hash });
    const now = await stream.until("messages-pending");
    const done = typed(await stream.next());
    expect(texts(now)).toEqual(["Danke!"]);
    expect(types(now).slice(-2)).toEqual(["webtext", "messages-pending"]);
    expect(done).toMatchObject({
      type: "playerstatus",
      data: { CurrentStation: 0, TotalPoints: 4, Stations: { "3": { GameState: { Done: true } } } },
    });

    // The player is free meanwhile.
    await api.game("station/activate", { StationID: 2, Hash: hash });
    await stream.until("playerstatus");
    await stream.until("playerstatus");
    time.advance(60 * MINUTE);
    const ps = typed(await stream.next());
    expect(ps).toMatchObject({
      type: "webtext",
      data: { StationID: 3, Originator: "Eva", Text: "P.S. Vergiss den Schirm nicht." },
    });
    // The last line: nothing more is pending.
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });
});

describe("the idle reminder", () => {
  /** Station 1 up to its question, which is out at T0 + 40 s. */
  async function waitingAtQuestion(time: ManualTime) {
    const api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("webcontent");
    time.advance(30 * SECOND);
    await stream.until("webtext");
    await stream.until("webtext");
    time.advance(10 * SECOND);
    await stream.until("answer-expected");
    return { api, hash, stream };
  }

  it("comes once when the player says nothing for its time after the question", async () => {
    const time = new ManualTime(T0);
    const { stream } = await waitingAtQuestion(time);
    expect(time.armed()).toEqual(["2026-05-01T10:02:40.000Z"]);
    time.advance(2 * MINUTE - 1);
    expect(await stream.drain(100)).toEqual([]);
    time.advance(1);
    const reminder = typed(await stream.next());
    expect(reminder).toMatchObject({
      type: "webtext",
      data: { StationID: 1, Originator: "Eva", Text: "Bist du noch da?" },
    });
    // Once per wait, and it opens no second answer-expected (that would count as a rejection).
    time.advance(30 * MINUTE);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("comes from the character's name in the player's language, as the script's lines do", async () => {
    const time = new ManualTime(T0);
    const api = await start(time);
    const { hash, stream } = await player(api);
    await api.game("station/activate", { StationID: 1, Hash: hash, Language: "en" });
    const first = await stream.until("webcontent");
    expect(first.slice(1).map((m) => typed(m).data)).toMatchObject([
      { Originator: "Eve", Text: "Ich suche das Buch." },
      { Originator: "Eve", ContentRef: "stations/1/film.mp4" },
    ]);
    time.advance(40 * SECOND);
    await stream.until("answer-expected");
    time.advance(2 * MINUTE);
    expect(typed(await stream.next())).toMatchObject({
      type: "webtext",
      data: { StationID: 1, Originator: "Eve", Text: "Still there?" },
    });
    stream.close();
  });

  it("starts afresh with each wait, and an answer in time cancels it", async () => {
    const time = new ManualTime(T0);
    const { api, hash, stream } = await waitingAtQuestion(time);
    time.advance(MINUTE);
    await api.game("player/answer", { StationID: 1, Answer: "Andersen", Hash: hash });
    expect(texts(await stream.until("answer-expected"))).toEqual(["Andersen", "Leider falsch."]);
    time.advance(MINUTE + 59 * SECOND);
    expect(await stream.drain(100)).toEqual([]);
    time.advance(SECOND);
    expect(texts([await stream.next()])).toEqual(["Bist du noch da?"]);

    await api.game("player/answer", { StationID: 1, Answer: "Grimm", Hash: hash });
    await stream.until("playerstatus");
    expect(countRows(dbFile, "scheduled_messages", "1 = 1")).toBe(0);
    stream.close();
  });

  it("waits while the player plays the station's media", async () => {
    const time = new ManualTime(T0);
    const { api, hash, stream } = await waitingAtQuestion(time);
    time.advance(90 * SECOND);
    const response = await api.post("/api/game/player/medium/progress", {
      StationID: 1,
      Hash: hash,
      ContentRef: "stations/1/film.mp4",
      ProgressRatio: 0.2,
    });
    expect(response.status).toBe(200);
    time.advance(60 * SECOND);
    expect(await stream.drain(100)).toEqual([]);
    time.advance(60 * SECOND);
    expect(texts([await stream.next()])).toEqual(["Bist du noch da?"]);
    stream.close();
  });

  it("is not sent for a station that was cancelled", async () => {
    const time = new ManualTime(T0);
    const { api, hash, stream } = await waitingAtQuestion(time);
    await api.game("station/cancel", { StationID: 1, Hash: hash });
    await stream.until("playerstatus");
    time.advance(10 * MINUTE);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });
});
