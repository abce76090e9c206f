import { playerStatusSchema } from "@wegmarke/protocol";
import type { PlayerStatus } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, texts, typed, types } from "./support/api";
import type { SseClient, SseMessage } from "./support/sse-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const NOW = "2026-05-01T10:00:00.000Z";
const QUESTION = "Welches Tier kräht dort oben zur vollen Stunde?";

let app: TestApp;
let api: Api;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const tmp = await tempDir();
  removeDir = tmp.remove;
  app = await startApp({ dbFile: `${tmp.dir}/db.sqlite`, clock: { now: () => new Date(NOW) } });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await removeDir();
});

function status(message: SseMessage | undefined): PlayerStatus {
  expect(message?.event).toBe("playerstatus");
  return playerStatusSchema.parse(JSON.parse(message?.data ?? "null"));
}

/** A new player with an open stream, past its initial status. */
async function player(): Promise<{ hash: string; stream: SseClient }> {
  const hash = await api.optin();
  const stream = await api.events(hash);
  const first = await stream.next();
  expect(first.id).toBeUndefined();
  expect(status(first).CurrentStation).toBe(0);
  return { hash, stream };
}

describe("the typed riddle of station 1", () => {
  it("greets, asks, rejects a wrong answer with the fallback, accepts the right one and awards 3 points", async () => {
    const { hash, stream } = await player();

    await api.game("station/activate", { StationID: 1, Hash: hash });
    const start = await stream.until("answer-expected");
    expect(types(start)).toEqual([
      "playerstatus",
      "webtext",
      "webtext",
      "webtext",
      "webtext",
      "answer-expected",
    ]);
    start.forEach(typed);
    expect(start.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    const active = status(start[0]);
    expect(active.CurrentStation).toBe(1);
    expect(active.ActiveStations).toEqual([1]);
    expect(active.Stations["1"]?.GameState).toEqual({ Done: false, Played: true, Visible: true });
    const greeting = typed(start[1] as SseMessage);
    expect(greeting).toMatchObject({
      type: "webtext",
      data: { StationID: 1, Originator: "Lena", Timestamp: NOW },
    });
    expect(texts(start).at(-1)).toBe(QUESTION);

    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const wrong = await stream.until("answer-expected");
    expect(types(wrong)).toEqual(["webtext", "webtext", "webtext", "answer-expected"]);
    expect(typed(wrong[0] as SseMessage)).toMatchObject({
      data: { Originator: "user", Text: "Katze" },
    });
    expect(texts(wrong).slice(1)).toEqual([
      "Hm, das ist es nicht. Kleiner Tipp: Es weckt auf dem Bauernhof alle auf.",
      QUESTION,
    ]);

    await api.game("player/answer", { StationID: 1, Answer: "  GOCKEL ", Hash: hash });
    const right = await stream.until("playerstatus");
    expect(types(right)).toEqual(["webtext", "webtext", "webtext", "playerstatus"]);
    expect(texts(right)).toEqual([
      "GOCKEL",
      "Genau, der Gockel! Er schlägt mit den Flügeln und kräht, seit über 400 Jahren.",
      "Weiter geht's hinauf zum Schloss. Bis gleich!",
    ]);
    const done = status(right[3]);
    expect(done.CurrentStation).toBe(0);
    expect(done.ActiveStations).toEqual([]);
    expect(done.TotalPoints).toBe(3);
    expect(done.Stations["1"]).toMatchObject({
      Points: 3,
      MaxPoints: 3,
      GameState: { Done: true, Played: true },
    });
    expect(await stream.drain()).toEqual([]);

    expect(
      await api.gameFailure("player/answer", { StationID: 1, Answer: "Hahn", Hash: hash }),
    ).toEqual([409, "no answer expected"]);
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: hash })).toEqual([
      409,
      "station done",
    ]);
    stream.close();
  });

  it("speaks the player's language", async () => {
    const hash = await api.optin("en");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    expect(texts(await stream.until("answer-expected")).at(-1)).toBe(
      "Which animal crows up there on the hour?",
    );
    stream.close();
  });

  it("speaks the language the app sends on activation, whatever was chosen at sign-up", async () => {
    const hash = await api.optin("en");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 1, Hash: hash, Language: "de" });
    expect(texts(await stream.until("answer-expected")).at(-1)).toBe(
      "Welches Tier kräht dort oben zur vollen Stunde?",
    );
    stream.close();
  });

  it("remembers the language of the last activation for the SMS sent later", async () => {
    const { token } = await api.register("0171 5554433", "+491715554433");
    await api.game("station/activate", { StationID: 1, Hash: token, Language: "en" });
    expect(await api.account("changepass/phone", { Phone: "0171 5554433" })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await api.lastSms("+491715554433")).toMatch(
      /^New password for Fairy-tale Marburg: http/,
    );
  });

  it("refuses an unknown language with 400", async () => {
    const hash = await api.optin();
    const [status, reason] = await api.gameFailure("station/activate", {
      StationID: 1,
      Hash: hash,
      Language: "fr",
    });
    expect(status).toBe(400);
    expect(reason).toContain("Language");
  });
});

describe("the buttons of station 2", () => {
  it("offers two buttons and continues on the tapped branch", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 2, Hash: hash });
    const start = await stream.until("buttoninput-expected");
    expect(types(start)).toEqual([
      "playerstatus",
      "webtext",
      "webtext",
      "buttongroup-start",
      "webbutton",
      "webbutton",
      "buttoninput-expected",
    ]);
    const buttons = start.map(typed).flatMap((e) => (e.type === "webbutton" ? [e.data] : []));
    expect(buttons.map((b) => b.Text)).toEqual(["Den Fürstensaal", "Die Aussicht"]);
    const view = buttons[1]?.Target ?? "";

    expect(
      await api.gameFailure("player/answer", { StationID: 2, Answer: "x", Hash: hash }),
    ).toEqual([409, "no answer expected"]);
    expect(
      await api.gameFailure("button/activate", { StationID: 2, Button: "9.9", Hash: hash }),
    ).toEqual([400, "unknown button"]);
    expect(await stream.drain()).toEqual([]);

    await api.game("button/activate", { StationID: 2, Button: view, Hash: hash });
    const end = await stream.until("playerstatus");
    expect(texts(end)).toEqual([
      "Die Aussicht",
      "Von der Terrasse siehst du über die ganze Stadt bis zur Lahn.",
      "Dort unten, siehst du die Türme der Elisabethkirche?",
      "Danke für deinen Besuch. Und nun: Auf zur Elisabethkirche!",
    ]);
    expect(typed(end[0] as SseMessage)).toMatchObject({ data: { Originator: "user" } });
    const done = status(end.at(-1));
    expect(done.TotalPoints).toBe(1);
    expect(done.Stations["2"]?.Points).toBe(1);

    expect(
      await api.gameFailure("button/activate", { StationID: 2, Button: view, Hash: hash }),
    ).toEqual([409, "no button input expected"]);
    stream.close();
  });

  it("sends media as webcontent with its seen ratio (station 3)", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 3, Hash: hash });
    const start = (await stream.until("buttoninput-expected")).map(typed);
    const media = start.flatMap((e) => (e.type === "webcontent" ? [e.data] : []));
    expect(media).toEqual([
      {
        StationID: 3,
        Originator: "Lena",
        ContentRef: "stations/3/elisabethkirche.jpg",
        Timestamp: NOW,
      },
      {
        StationID: 3,
        Originator: "Lena",
        ContentRef: "stations/3/rosenwunder.mp3",
        SeenRatio: 0.8,
        Timestamp: NOW,
      },
    ]);
    stream.close();
  });
});

describe("activation rules", () => {
  it("answers 404 for a station that does not exist", async () => {
    const hash = await api.optin();
    expect(await api.gameFailure("station/activate", { StationID: 99, Hash: hash })).toEqual([
      404,
      "station unavailable",
    ]);
  });

  it("treats activating the current station again as a no-op", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");
    await api.game("station/activate", { StationID: 1, Hash: hash });
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("cancels the current station before starting another", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");
    await api.game("station/activate", { StationID: 2, Hash: hash });
    const next = await stream.until("buttoninput-expected");
    const now = status(next[0]);
    expect(now.CurrentStation).toBe(2);
    expect(now.ActiveStations).toEqual([2]);
    expect(now.Stations["1"]?.GameState).toMatchObject({ Done: false, Played: true });
    expect(
      await api.gameFailure("player/answer", { StationID: 1, Answer: "Hahn", Hash: hash }),
    ).toEqual([409, "no answer expected"]);

    // A fresh device sees only station 2's conversation.
    const fresh = await api.events(hash);
    const replay = await fresh.until("buttoninput-expected");
    expect(
      replay
        .slice(1)
        .map(typed)
        .every((e) => "StationID" in e.data && e.data.StationID === 2),
    ).toBe(true);
    fresh.close();
    stream.close();
  });
});

describe("cancel", () => {
  it("ends the run, clears the current station and retracts the conversation", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    await stream.until("answer-expected");

    await api.game("station/cancel", { StationID: 1, Hash: hash });
    const [cancelled] = await stream.until("playerstatus");
    expect(status(cancelled).CurrentStation).toBe(0);
    expect(status(cancelled).ActiveStations).toEqual([]);
    expect(await stream.drain()).toEqual([]);

    // Cancelling what is not running changes nothing.
    await api.game("station/cancel", { StationID: 1, Hash: hash });
    expect(await stream.drain()).toEqual([]);

    // A fresh device replays nothing of the thrown-away conversation.
    const fresh = await api.events(hash);
    const first = await fresh.next();
    expect(status(first).Stations["1"]?.GameState?.Played).toBe(true);
    expect(await fresh.drain()).toEqual([]);

    // Activating again starts over.
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const again = await fresh.until("answer-expected");
    expect(texts(again)[0]).toContain("Ich bin Lena");
    expect(texts(again)).not.toContain("Katze");
    fresh.close();
    stream.close();
  });
});

describe("one player's concurrent calls", () => {
  it("never interleave their events", async () => {
    const { hash, stream } = await player();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    await stream.until("answer-expected");
    const answers = ["Katze", "Hund", "Maus", "Pferd", "Kuh"];
    await Promise.all(
      answers.map((Answer) => api.game("player/answer", { StationID: 1, Answer, Hash: hash })),
    );
    const groups: SseMessage[][] = [];
    for (let i = 0; i < answers.length; i++) groups.push(await stream.until("answer-expected"));
    for (const group of groups) {
      expect(types(group)).toEqual(["webtext", "webtext", "webtext", "answer-expected"]);
    }
    expect(groups.map((g) => texts(g)[0]).sort()).toEqual([...answers].sort());
    const ids = groups.flat().map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    stream.close();
  });
});
