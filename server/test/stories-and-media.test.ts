import { join } from "node:path";
import { mediumProgressResponse, playerStatusSchema } from "@wegmarke/protocol";
import type { PlayerStatus } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, typed } from "./support/api";
import { countRows } from "./support/db-dump";
import { featurePack } from "./support/feature-pack";
import type { SseClient, SseMessage } from "./support/sse-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const NOW = "2026-05-01T10:00:00.000Z";

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };
let dbFile: string;

beforeAll(async () => {
  dir = await tempDir();
  dbFile = join(dir.dir, "db.sqlite");
  app = await startApp({
    dbFile,
    pack: await featurePack(dir.dir),
    clock: { now: () => new Date(NOW) },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

async function player(): Promise<{ hash: string; stream: SseClient }> {
  const hash = await api.optin();
  const stream = await api.events(hash);
  await stream.next();
  return { hash, stream };
}

function status(message: SseMessage | undefined): PlayerStatus {
  expect(message?.event).toBe("playerstatus");
  return playerStatusSchema.parse(JSON.parse(message?.data ?? "null"));
}

describe("playerstatus", () => {
  it("lists the pack's stories, none done, and no current story for a new player", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    const first = status(await stream.next());
    expect(first.CurrentStory).toBe(0);
    expect(first.Stories).toEqual({
      "1": { Name: "story-1", Done: false, Live: true },
      "2": { Name: "story-2", Done: false, Live: true },
      "3": { Name: "story-3", Done: false, Live: false },
    });
    stream.close();
  });
});

describe("story/activate", () => {
  it("marks a live story done and current, and logs a playerstatus", async () => {
    const { hash, stream } = await player();
    await api.game("story/activate", { StationID: 1, Hash: hash });
    const [message] = await stream.until("playerstatus");
    const opened = status(message);
    expect(opened.CurrentStory).toBe(1);
    expect(opened.Stories["1"]).toEqual({ Name: "story-1", Done: true, Live: true });
    expect(message?.id).toBeDefined();

    // Opening it again changes nothing.
    await api.game("story/activate", { StationID: 1, Hash: hash });
    expect(await stream.drain()).toEqual([]);

    // Another device gets the state with its first status.
    const other = await api.events(hash);
    expect(status(await other.next())).toMatchObject({ CurrentStory: 1 });
    other.close();
    stream.close();
  });

  it("answers 404 for a story the pack lacks or that is not live", async () => {
    const { hash, stream } = await player();
    for (const StationID of [99, 3]) {
      expect(await api.gameFailure("story/activate", { StationID, Hash: hash })).toEqual([
        404,
        "story unavailable",
      ]);
    }
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("answers 409 until the player has as many stations with points as the story requires", async () => {
    const { hash, stream } = await player();
    expect(await api.gameFailure("story/activate", { StationID: 2, Hash: hash })).toEqual([
      409,
      "story locked",
    ]);
    for (const StationID of [2, 3]) {
      await api.game("station/activate", { StationID, Hash: hash });
      await stream.until("playerstatus");
      await stream.until("playerstatus");
    }
    await api.game("story/activate", { StationID: 2, Hash: hash });
    expect(status((await stream.until("playerstatus"))[0])).toMatchObject({
      CurrentStory: 2,
      Stories: { "2": { Done: true } },
    });
    stream.close();
  });

  it("checks its input like the station calls", async () => {
    const { hash } = await player();
    expect(await api.gameFailure("story/activate", { StationID: 0, Hash: hash })).toEqual([
      400,
      "StationID: Too small: expected number to be >0",
    ]);
    expect(await api.gameFailure("story/activate", { StationID: 1, Hash: "nope" })).toEqual([
      401,
      "invalid hash",
    ]);
  });
});

describe("recommendations", () => {
  it("arrive as their own event types, with a RecommendationID qualified by the station", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 2, Hash: hash });
    const events = (await stream.until("playerstatus")).concat(await stream.until("playerstatus"));
    const messages = events.map(typed).filter((e) => e.type !== "playerstatus");
    expect(messages.map((e) => e.type)).toEqual([
      "webtext-recommendation",
      "webcontent-recommendation",
      "webtext",
    ]);
    expect(messages[0]?.data).toEqual({
      StationID: 2,
      Originator: "Max",
      Text: "Schau dir die Kapelle an!",
      Timestamp: NOW,
      RecommendationID: "2:kapelle",
    });
    expect(messages[1]?.data).toMatchObject({
      ContentRef: "stations/2/bild.jpg",
      RecommendationID: expect.stringMatching(/^2:line-[0-9a-f]{8}$/),
    });
    stream.close();
  });
});

describe("player/medium/progress", () => {
  async function report(hash: string, ProgressRatio: unknown, ContentRef = "stations/1/film.mp4") {
    const response = await api.post("/api/game/player/medium/progress", {
      StationID: 1,
      Hash: hash,
      ContentRef,
      ProgressRatio,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return mediumProgressResponse.parse(await response.json()).value;
  }

  it("counts a video as seen once it played past its seen ratio, and keeps the furthest ratio", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("messages-pending");

    const film = "stations/1/film.mp4";
    expect(await report(hash, 0.3)).toEqual({ ContentRef: film, ProgressRatio: 0.3, Seen: false });
    expect(await report(hash, 0.2)).toEqual({ ContentRef: film, ProgressRatio: 0.3, Seen: false });
    expect(await report(hash, "0.5")).toEqual({ ContentRef: film, ProgressRatio: 0.5, Seen: true });
    // Seeking back later does not unsee it.
    expect(await report(hash, 0.1)).toEqual({ ContentRef: film, ProgressRatio: 0.5, Seen: true });
    expect(countRows(dbFile, "media_progress", "max_ratio = 0.5 and seen_at = ?", NOW)).toBe(1);
    // Progress is no conversation: nothing is logged.
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("uses the default seen ratio for media without one", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 2, Hash: hash });
    await stream.until("playerstatus");
    await stream.until("playerstatus");
    const image = "stations/2/bild.jpg";
    const post = (ProgressRatio: number) =>
      api.post("/api/game/player/medium/progress", {
        StationID: 2,
        Hash: hash,
        ContentRef: image,
        ProgressRatio,
      });
    expect(await (await post(0.85)).json()).toEqual({
      value: { ContentRef: image, ProgressRatio: 0.85, Seen: false },
    });
    expect(await (await post(0.9)).json()).toEqual({
      value: { ContentRef: image, ProgressRatio: 0.9, Seen: true },
    });
    stream.close();
  });

  it("is forgotten with the conversation when the station is cancelled", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("webcontent");
    await report(hash, 0.7);
    const rows = () => countRows(dbFile, "media_progress", "max_ratio = 0.7");
    expect(rows()).toBe(1);
    await api.game("station/cancel", { StationID: 1, Hash: hash });
    await stream.until("playerstatus");
    expect(rows()).toBe(0);
    stream.close();
  });

  it("answers 404 for an unknown station and for media the station never sent", async () => {
    const { hash } = await player();
    const body = { StationID: 1, Hash: hash, ContentRef: "stations/1/film.mp4", ProgressRatio: 1 };
    expect(await api.gameFailure("player/medium/progress", { ...body, StationID: 99 })).toEqual([
      404,
      "station unavailable",
    ]);
    // Not activated yet: nothing was sent.
    expect(await api.gameFailure("player/medium/progress", body)).toEqual([
      404,
      "content unavailable",
    ]);
  });

  it("answers 400 for missing or malformed fields and 401 without a valid token", async () => {
    const { hash } = await player();
    const body = { StationID: 1, Hash: hash, ContentRef: "stations/1/film.mp4", ProgressRatio: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, ContentRef: undefined }, "ContentRef: required"],
      [
        { ...body, ContentRef: "" },
        "ContentRef: Too small: expected string to have >=1 characters",
      ],
      [{ ...body, ProgressRatio: undefined }, "ProgressRatio: required"],
      [{ ...body, ProgressRatio: "viel" }, "ProgressRatio: expected number, received string"],
      [{ ...body, ProgressRatio: 1.5 }, "ProgressRatio: Too big: expected number to be <=1"],
      [{ ...body, ProgressRatio: -0.1 }, "ProgressRatio: Too small: expected number to be >=0"],
      [{ ...body, StationID: "x" }, "StationID: expected number, received string"],
    ];
    for (const [input, reason] of cases) {
      expect(await api.gameFailure("player/medium/progress", input)).toEqual([400, reason]);
    }
    expect(await api.gameFailure("player/medium/progress", { ...body, Hash: "nope" })).toEqual([
      401,
      "invalid hash",
    ]);
  });
});
