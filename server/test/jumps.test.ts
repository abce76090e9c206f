import { join } from "node:path";
import { Compiler } from "inkjs/compiler/Compiler";
import { opsThread } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, texts, typed } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { ManualTime } from "./support/manual-time";
import { opsCall, playerIdNamed } from "./support/ops-client";
import { demoPack, startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A host directs the story: the player's running station goes on at a knot of its script. The
 * demo's frog (station 8) has the knots `raetsel`, `aufloesung` (the frog tells the answer) and
 * `abschied`.
 */

const TOKEN = "jumps-token-".padEnd(48, "j");

async function ops(app: TestApp, method: string, path: string, body?: unknown) {
  const { status, text } = await opsCall(app, TOKEN, method, path, body);
  return { status, text };
}

const playerId = (app: TestApp, name: string) => playerIdNamed(app, TOKEN, name);

describe.each(dialects)("a host's jump to a knot ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, pack: await demoPack(), config: { operatorToken: TOKEN } });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("moves a stuck player past the riddle: the frog tells the answer and the station ends", async () => {
    const { token: hash } = await api.register("0171 3131313", "+491713131313", "Jana");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    const id = await playerId(app, "Jana");
    const thread = opsThread.parse(
      JSON.parse((await ops(app, "GET", `/players/${id}/thread`)).text),
    );
    expect(thread.station?.knots).toEqual(["raetsel", "aufloesung", "abschied"]);

    const jump = (body: unknown) => ops(app, "POST", `/players/${id}/jump`, body);
    expect(await jump({ stationId: 8, knot: "nirgends" })).toEqual({
      status: 400,
      text: expect.stringContaining("the station's script has no such knot"),
    });
    expect((await jump({ stationId: 2, knot: "abschied" })).status).toBe(409);
    expect((await jump({ stationId: 999, knot: "abschied" })).status).toBe(404);
    expect((await jump({ stationId: 8, knot: "" })).status).toBe(400);
    expect((await jump({ stationId: 8 })).status).toBe(400);

    expect((await jump({ stationId: 8, knot: "aufloesung" })).status).toBe(200);
    const moved = await stream.until("playerstatus");
    // The app forgets the question and the hint's button, then the frog goes on.
    expect(moved.map((message) => message.event)).toEqual([
      "wait-ended",
      "buttongroup-start",
      "webtext",
      "webtext",
      "playerstatus",
    ]);
    expect(texts(moved)).toEqual([
      "Ich verrate es dir: Es war ihre goldene Kugel. Ich habe sie ihr aus dem Brunnen heraufgeholt.",
      "Und nun entschuldige mich – ich werde zum Abendessen im Schloss erwartet.",
    ]);
    const status = moved.map(typed).at(-1);
    if (status === undefined || status.type !== "playerstatus") throw new Error("no status");
    expect(status.data.Stations["8"]).toMatchObject({ Points: 0, GameState: { Done: true } });
    const [refusal] = await api.gameFailure("player/answer", {
      StationID: 8,
      Answer: "Kugel",
      Hash: hash,
    });
    expect(refusal).toBe(409);
    expect((await jump({ stationId: 8, knot: "raetsel" })).status).toBe(409);
    stream.close();

    const audit = (await ops(app, "GET", "/audit")).text;
    expect(audit).toContain("story.jump");
    expect(audit).toContain(`player ${id}, station 8, to aufloesung`);
  });

  it("asks the riddle again from its start, and the right answer still counts", async () => {
    const { token: hash } = await api.register("0171 3232323", "+491713232323", "Jonas");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    const id = await playerId(app, "Jonas");
    const body = { stationId: 8, knot: "raetsel" };
    expect((await ops(app, "POST", `/players/${id}/jump`, body)).status).toBe(200);
    const asked = await stream.until("answer-expected");
    expect(texts(asked)).toEqual(["Was fiel der Königstochter im Märchen in den Brunnen?"]);
    await api.game("player/answer", { StationID: 8, Answer: "Kugel", Hash: hash });
    const status = (await stream.until("playerstatus")).map(typed).at(-1);
    if (status?.type !== "playerstatus") throw new Error("no status");
    expect(status.data.TotalPoints).toBe(2);
    stream.close();
  });
});

describe("a jump drops the later lines of the path it leaves", () => {
  it("delivers none of them when their time comes", async () => {
    const time = new ManualTime("2026-05-01T10:00:00.000Z");
    const dir = await tempDir();
    const pack = await demoPack();
    const script = new Compiler(`-> brief
== brief ==
Ich schreibe dir gleich mehr.
Hier ist der Rest des Briefes. Was meinst du? #delay: 1h
+ [#answer] -> schluss
== schluss ==
Das war's.
-> END
`)
      .Compile()
      .ToJson();
    if (!script) throw new Error("no JSON from the ink compiler");
    pack.stations = pack.stations.map((station) =>
      station.id === 8 ? { ...station, scripts: { de: script } } : station,
    );
    const dbFile = join(dir.dir, "jumps.sqlite");
    const options = { dbFile, pack, clock: time.clock, timer: time.timer };
    const app = await startApp({ ...options, config: { operatorToken: TOKEN } });
    try {
      const api = new Api(app.url);
      const { token: hash } = await api.register("0171 3333333", "+491713333333", "Jule");
      const stream = await api.events(hash);
      await stream.next();
      await api.game("station/activate", { StationID: 8, Hash: hash });
      expect(texts(await stream.until("messages-pending"))).toEqual([
        "Ich schreibe dir gleich mehr.",
      ]);
      const id = await playerId(app, "Jule");
      const before = opsThread.parse(
        JSON.parse((await ops(app, "GET", `/players/${id}/thread`)).text),
      );
      expect(before.waiting).toEqual([
        { stationId: 8, count: 1, nextAt: "2026-05-01T11:00:00.000Z" },
      ]);
      expect(before.station?.knots).toEqual(["brief", "schluss"]);

      const body = { stationId: 8, knot: "schluss" };
      expect((await ops(app, "POST", `/players/${id}/jump`, body)).status).toBe(200);
      expect(texts(await stream.until("playerstatus"))).toEqual(["Das war's."]);
      const after = opsThread.parse(
        JSON.parse((await ops(app, "GET", `/players/${id}/thread`)).text),
      );
      expect(after.waiting).toEqual([]);
      expect(after.station).toBeNull();
      time.advance(2 * 60 * 60_000);
      await api.game("station/activate", { StationID: 2, Hash: hash });
      // Up to the new station's first line, nothing of the letter came.
      const seen: number[] = [];
      for (let i = 0; i < 10 && !seen.includes(2); i++) {
        const event = typed(await stream.next());
        if (event.type === "webtext") seen.push(event.data.StationID);
      }
      expect(seen).toEqual([2]);
      stream.close();
    } finally {
      await app.close();
      await dir.remove();
    }
  });
});
