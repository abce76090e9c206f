import { opsThread, scoreboardResponse } from "@wegmarke/protocol";
import type { PlayerStatus } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, typed } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { opsCall, playerIdNamed } from "./support/ops-client";
import type { SseClient } from "./support/sse-client";
import { demoPack, startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A host closes a station for a player (their team): the app hides it and cannot start it, a
 * running one ends; reopening shows it again, and a finished one can be played afresh, its
 * points gone until then. The demo's frog (station 8) is done with 2 points for "Kugel".
 */

const TOKEN = "closing-token-".padEnd(48, "c");

describe.each(dialects)("a station closed and reopened for a player ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  const ops = (method: string, path: string, body?: unknown) =>
    opsCall(app, TOKEN, method, path, body);

  const playerId = (name: string) => playerIdNamed(app, TOKEN, name);

  async function nextStatus(stream: SseClient): Promise<PlayerStatus> {
    const status = (await stream.until("playerstatus")).map(typed).at(-1);
    if (status?.type !== "playerstatus") throw new Error("no status");
    return status.data;
  }

  async function runs(id: number) {
    return opsThread.parse(JSON.parse((await ops("GET", `/players/${id}/thread`)).text)).runs;
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

  it("ends the running station, hides it and refuses it until a host reopens it", async () => {
    const { token: hash } = await api.register("0171 5151515", "+491715151515", "Carla");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    const id = await playerId("Carla");
    const close = await ops("POST", `/players/${id}/stations/8/close`, { reason: "Baustelle" });
    expect(close.status, close.text).toBe(200);

    const closed = await nextStatus(stream);
    expect(closed.CurrentStation).toBe(0);
    expect(closed.ActiveStations).toEqual([]);
    expect(closed.Stations["8"]?.GameState).toMatchObject({ Done: false, Visible: false });
    expect(await runs(id)).toEqual({ "8": "closed" });
    expect(await api.gameFailure("station/activate", { StationID: 8, Hash: hash })).toEqual([
      409,
      "station closed",
    ]);
    const [answered] = await api.gameFailure("player/answer", {
      StationID: 8,
      Answer: "Kugel",
      Hash: hash,
    });
    expect(answered).toBe(409);
    // A stream opened now starts without the station's conversation and with it hidden.
    const again = await api.events(hash);
    const opening = typed(await again.next());
    if (opening.type !== "playerstatus") throw new Error(`not a status: ${opening.type}`);
    expect(opening.data.Stations["8"]?.GameState?.Visible).toBe(false);
    again.close();

    expect((await ops("POST", `/players/${id}/stations/8/reopen`, {})).status).toBe(200);
    const reopened = await nextStatus(stream);
    expect(reopened.Stations["8"]?.GameState).toMatchObject({ Visible: true, Played: true });
    expect(await runs(id)).toEqual({ "8": "left" });
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    expect(await runs(id)).toEqual({ "8": "running" });
    stream.close();

    const audit = (await ops("GET", "/audit")).text;
    expect(audit).toContain("station.close");
    expect(audit).toContain(`player ${id}, station 8: Baustelle`);
    expect(audit).toContain("station.reopen");
    expect(audit).toContain(`player ${id}, station 8`);
  });

  it("closes a station never started, and reopens it as never played", async () => {
    const { token: hash } = await api.register("0171 5252525", "+491715252525", "Cem");
    const stream = await api.events(hash);
    await stream.next();
    const id = await playerId("Cem");
    expect((await ops("POST", `/players/${id}/stations/2/close`, {})).status).toBe(200);
    const closed = await nextStatus(stream);
    expect(closed.Stations["2"]?.GameState?.Visible).toBe(false);
    expect(await runs(id)).toEqual({ "2": "closed" });
    expect(await api.gameFailure("station/activate", { StationID: 2, Hash: hash })).toEqual([
      409,
      "station closed",
    ]);

    expect((await ops("POST", `/players/${id}/stations/2/reopen`, {})).status).toBe(200);
    const reopened = await nextStatus(stream);
    expect(reopened.Stations["2"]?.GameState).toMatchObject({ Visible: true, Played: false });
    expect(await runs(id)).toEqual({});
    stream.close();
  });

  it("reopens a finished station: its points go until it is done again", async () => {
    const { token: hash } = await api.register("0171 5353535", "+491715353535", "Clara");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 8, Answer: "Kugel", Hash: hash });
    expect((await nextStatus(stream)).TotalPoints).toBe(2);
    const id = await playerId("Clara");
    expect(await runs(id)).toEqual({ "8": "done" });
    const scoreboard = async () => {
      const query = new URLSearchParams({ hash });
      const response = await fetch(`${app.url}/api/game/scoreboard?${query}`);
      return scoreboardResponse.parse(await response.json()).value.you;
    };
    expect(await scoreboard()).toMatchObject({ points: 2, stations: 1 });

    expect((await ops("POST", `/players/${id}/stations/8/reopen`, {})).status).toBe(200);
    const reopened = await nextStatus(stream);
    expect(reopened.TotalPoints).toBe(0);
    expect(reopened.Stations["8"]?.GameState).toMatchObject({ Done: false, Visible: true });
    expect(reopened.Stations["8"]?.Points).toBe(0);
    expect(await scoreboard()).toMatchObject({ points: 0, stations: 0 });

    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 8, Answer: "Kugel", Hash: hash });
    expect((await nextStatus(stream)).TotalPoints).toBe(2);
    expect(await scoreboard()).toMatchObject({ points: 2, stations: 1 });
    stream.close();
  });

  it("refuses what does not fit the station's state, bad bodies and unknown ids", async () => {
    const { token: hash } = await api.register("0171 5454545", "+491715454545", "Cora");
    const stream = await api.events(hash);
    await stream.next();
    await api.game("station/activate", { StationID: 8, Hash: hash });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 8, Answer: "Kugel", Hash: hash });
    await nextStatus(stream);
    stream.close();
    const id = await playerId("Cora");
    const call = (path: string, body: unknown = {}) => ops("POST", `/players/${id}${path}`, body);

    expect(await call("/stations/8/close")).toMatchObject({
      status: 409,
      text: expect.stringContaining("the player has finished this station"),
    });
    expect(await call("/stations/3/reopen")).toMatchObject({
      status: 409,
      text: expect.stringContaining("the station is open for the player"),
    });
    expect((await call("/stations/3/close")).status).toBe(200);
    expect(await call("/stations/3/close")).toMatchObject({
      status: 409,
      text: expect.stringContaining("the station is closed for the player already"),
    });
    expect((await call("/stations/3/close", { reason: "x".repeat(201) })).status).toBe(400);
    expect((await call("/stations/3/reopen", { reason: 7 })).status).toBe(400);
    expect((await call("/stations/999/close")).status).toBe(404);
    expect((await ops("POST", "/players/999999/stations/3/close", {})).status).toBe(404);
    expect(await runs(id)).toEqual({ "3": "closed", "8": "done" });
  });
});
