import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, texts, types } from "./support/api";
import type { SseMessage } from "./support/sse-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite` });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const ids = (messages: SseMessage[]) => messages.map((m) => m.id);

/** A player that has activated station 1 and given one wrong answer: ids 1..10. */
async function playerMidRiddle(): Promise<string> {
  const hash = await api.optin();
  await api.game("station/activate", { StationID: 1, Hash: hash });
  await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
  return hash;
}

describe("the event stream", () => {
  it("is an SSE response that starts with a retry hint and the current status without id", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get("cache-control")).toBe("no-store");
    expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
    const first = await stream.next();
    expect(stream.retry).toBe(3000);
    expect(first).toMatchObject({ id: undefined, event: "playerstatus" });
    stream.close();
  });

  it("replays every logged event without stale playerstatus when no id is given", async () => {
    const hash = await playerMidRiddle();
    const stream = await api.events(hash);
    const replay = await stream.until("answer-expected");
    expect(types(replay)).toEqual(
      ["playerstatus", "webtext", "webtext", "webtext", "webtext"].concat("answer-expected"),
    );
    const rest = await stream.until("answer-expected");
    expect(ids(rest)).toEqual(["7", "8", "9", "10"]);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("replays exactly the events after lasteventid (query)", async () => {
    const hash = await playerMidRiddle();
    const stream = await api.events(hash, 7);
    const replay = await stream.until("answer-expected");
    expect(replay[0]?.id).toBeUndefined();
    expect(ids(replay.slice(1))).toEqual(["8", "9", "10"]);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("prefers the Last-Event-ID header, as a browser's reconnect sends it", async () => {
    const hash = await playerMidRiddle();
    const stream = await api.events(hash, 2, { "Last-Event-ID": "9" });
    const replay = await stream.until("answer-expected");
    expect(ids(replay.slice(1))).toEqual(["10"]);
    stream.close();
    const header = await api.events(hash, undefined, { "Last-Event-ID": "6" });
    expect(ids((await header.until("answer-expected")).slice(1))).toEqual(["7", "8", "9", "10"]);
    header.close();
  });

  it("says in its opening status up to which id the backlog sent with it goes", async () => {
    const hash = await playerMidRiddle();
    const backlogUntil = async (lastEventId?: number) => {
      const stream = await api.events(hash, lastEventId);
      const status = await stream.next();
      stream.close();
      return (JSON.parse(status.data) as { BacklogUntil?: number }).BacklogUntil;
    };
    expect(await backlogUntil()).toBe(10);
    expect(await backlogUntil(7)).toBe(10);
    expect(await backlogUntil(10)).toBe(10);
  });

  it("sends nothing after the snapshot when the client is up to date", async () => {
    const hash = await playerMidRiddle();
    const stream = await api.events(hash, 10);
    await stream.next();
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("delivers live events to every open stream of the player, each once, across a reconnect", async () => {
    const hash = await api.optin();
    const a = await api.events(hash);
    const b = await api.events(hash);
    await a.next();
    await b.next();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const seenA = await a.until("answer-expected");
    expect(ids(await b.until("answer-expected"))).toEqual(ids(seenA));

    // b drops after id 3 and reconnects while more events are logged.
    b.close();
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const again = await api.events(hash, 3);
    await again.next();
    const missed = await again.until("answer-expected");
    const more = await again.until("answer-expected");
    expect(ids(missed)).toEqual(["4", "5", "6"]);
    expect(ids(more)).toEqual(["7", "8", "9", "10"]);
    expect(ids(await a.until("answer-expected"))).toEqual(["7", "8", "9", "10"]);
    expect(await again.drain()).toEqual([]);
    expect(await a.drain()).toEqual([]);
    a.close();
    again.close();
  });
});

describe("refusals", () => {
  it("answers 401 invalid hash for a missing or unknown token", async () => {
    for (const query of ["", "?hash=", "?hash=nope"]) {
      const response = await fetch(`${app.url}/api/game/events${query}`);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe("invalid hash");
    }
  });

  it("answers 406 for a malformed or too large last event id", async () => {
    const hash = await playerMidRiddle();
    for (const id of ["abc", "-1", "1.5", "1e3", "11", "99999999999999999999"]) {
      await expect(api.events(hash, id), id).rejects.toThrow("406 invalid lasteventiD parameter");
    }
    await expect(api.events(hash, undefined, { "Last-Event-ID": "x" })).rejects.toThrow(
      "406 invalid lasteventiD parameter",
    );
    const fresh = await api.optin();
    await expect(api.events(fresh, 1)).rejects.toThrow("406");
    const zero = await api.events(fresh, 0);
    await zero.next();
    zero.close();
  });
});

describe("a server restart", () => {
  it("continues the dialogue where it stopped and keeps the stream's ids", async () => {
    const hash = await playerMidRiddle();
    await app.close();
    app = await startApp({ dbFile: `${dir.dir}/db.sqlite` });
    api = new Api(app.url);

    const stream = await api.events(hash, 10);
    await stream.next();
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: hash });
    const end = await stream.until("playerstatus");
    expect(ids(end)).toEqual(["11", "12", "13", "14"]);
    expect(texts(end)[1]).toContain("Genau, der Gockel!");
    stream.close();
  });

  it("ends open streams with a reconnect hint when the app closes", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    await stream.next();
    await app.close();
    await stream.closedByServer();
    app = await startApp({ dbFile: `${dir.dir}/db.sqlite` });
    api = new Api(app.url);
  });

  it("lets one signed-in device hold four streams: a fifth ends the oldest, the rest play on", async () => {
    const hash = await api.optin();
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await api.events(hash);
      await stream.next();
      streams.push(stream);
    }
    await streams[0]?.closedByServer();
    expect(streams[0]?.retry).toBe(3000);
    expect(streams.slice(1).map((stream) => stream.isEnded)).toEqual([false, false, false, false]);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    for (const stream of streams.slice(1))
      expect(types(await stream.until("answer-expected"))).toContain("webtext");
    for (const stream of streams) stream.close();
  });
});
