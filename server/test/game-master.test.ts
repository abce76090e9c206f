import {
  auditPage,
  opsOverview,
  opsPlayersPage,
  opsThread,
  serverEventSchemas,
  teamInviteResponse,
} from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { SseClient } from "./support/sse-client";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The game master's page of one player on both databases: the chat as the player's app shows
 * it, where they are and what the station waits for, and a host's line written into the
 * running station as a character, which reaches the open stream at once and stays in the log.
 */

const TOKEN = "master-token-".padEnd(48, "m");
const BEARER = { authorization: `Bearer ${TOKEN}` };

describe.each(dialects)("the game master's page of a player ($name)", (dialect) => {
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

  /** The id of the only player named `name` (the search finds their teammates too). */
  const playerId = async (name: string) => {
    const page = opsPlayersPage.parse(JSON.parse((await ops("GET", `/players?q=${name}`)).text));
    const named = page.players.filter((player) => player.name === name);
    expect(named).toHaveLength(1);
    return named[0]?.id ?? 0;
  };

  const thread = async (id: number) => {
    const { status, text } = await ops("GET", `/players/${id}/thread`);
    expect(status, text).toBe(200);
    return opsThread.parse(JSON.parse(text));
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({
      ...db.where,
      // Teams optional: players on their own and teams in one game.
      pack: await teamPack("optional"),
      config: { operatorToken: TOKEN },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("shows the player's chat and station, and a host's line reaches them as the character", async () => {
    const { token } = await api.register("0171 7654321", "+491717654321", "Marlene");
    const stream = await api.events(token);
    await stream.next();
    await api.game("station/activate", { StationID: 1, Hash: token });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 1, Answer: "keine Ahnung", Hash: token });
    await stream.until("answer-expected");
    const id = await playerId("Marlene");

    // The page's watch: once as it opens, then whenever the chat grows.
    const watch = await SseClient.connect(`${app.url}/api/ops/players/${id}/watch`, BEARER);
    expect((await watch.next()).event).toBe("changed");

    const before = await thread(id);
    expect(before.player).toEqual({ id, name: "Marlene", team: null });
    expect(before.station).toMatchObject({ id: 1, title: "Der Marktplatz", waits: "answer" });
    expect(before.station?.speakers).toEqual(["Lena", "Spielleitung"]);
    expect(before.lines.some((line) => line.from === "Lena" && line.kind === "text")).toBe(true);
    expect(before.lines).toContainEqual(
      expect.objectContaining({ from: "user", text: "keine Ahnung", stationId: 1 }),
    );
    expect(before.titles["1"]).toBe("Der Marktplatz");

    const line = { stationId: 1, from: "Lena", text: "Schau mal auf den Brunnen!" };
    expect(await ops("POST", `/players/${id}/lines`, line)).toMatchObject({ status: 200 });
    expect((await watch.next()).event).toBe("changed");
    watch.close();
    const [said] = (await stream.until("webtext")).slice(-1);
    expect(serverEventSchemas.webtext.parse(JSON.parse(said?.data ?? ""))).toMatchObject({
      StationID: 1,
      Originator: "Lena",
      Text: "Schau mal auf den Brunnen!",
    });
    expect(said?.id).toBeTruthy();

    // It is in the log: a reload, a reconnect and the page all have it.
    const again = await api.events(token, 0);
    let replayed = false;
    for (let n = 0; n < 50 && !replayed; n++) {
      const message = await again.next();
      replayed = message.event === "webtext" && message.data.includes("Schau mal auf den Brunnen!");
    }
    expect(replayed).toBe(true);
    again.close();
    expect((await thread(id)).lines.at(-1)).toMatchObject({
      from: "Lena",
      kind: "text",
      text: "Schau mal auf den Brunnen!",
    });
    // The station still waits for its answer: the right one ends it as before.
    await api.game("player/answer", { StationID: 1, Answer: "Brunnen", Hash: token });

    const audit = auditPage.parse(JSON.parse((await ops("GET", "/audit?limit=1")).text));
    expect(audit.entries[0]).toMatchObject({
      action: "line.send",
      detail: `player ${id}, station 1, as Lena: Schau mal auf den Brunnen!`,
    });
    stream.close();
  });

  it("lists who may be stuck: at a running station, with the time of its last step and its wrong answers", async () => {
    const { token } = await api.register("0171 7654323", "+491717654323", "Kunigunde");
    await api.game("station/activate", { StationID: 1, Hash: token });
    for (const answer of ["Katze", "Hund"]) {
      await api.game("player/answer", { StationID: 1, Answer: answer, Hash: token });
    }
    const id = await playerId("Kunigunde");
    const { stuck } = opsOverview.parse(JSON.parse((await ops("GET", "/overview")).text));
    expect(stuck).toMatchObject({ afterMinutes: 20, afterWrongAnswers: 5 });
    const entry = stuck.participants.find((p) => p.playerId === id);
    expect(entry).toMatchObject({
      name: "Kunigunde",
      team: false,
      stationId: 1,
      title: "Der Marktplatz",
      wrongAnswers: 2,
    });
    expect(Date.parse(entry?.lastStepAt ?? "")).toBeGreaterThanOrEqual(
      Date.parse(entry?.startedAt ?? ""),
    );
    // The right answer ends the station: nobody waits there any more.
    await api.game("player/answer", { StationID: 1, Answer: "Hahn", Hash: token });
    const after = opsOverview.parse(JSON.parse((await ops("GET", "/overview")).text));
    expect(after.stuck.participants.some((p) => p.playerId === id)).toBe(false);
  });

  it("shows a team's chat from any member, and a host's line reaches every member", async () => {
    const { token: anna } = await api.register("0171 7654324", "+491717654324", "Annegret");
    const invite = await api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invite.json()).value;
    const { token: ben } = await api.register("0171 7654325", "+491717654325", "Bertold");
    const query = new URLSearchParams({ hash: ben, tjr: code });
    expect((await fetch(`${app.url}/api/game/team/join?${query.toString()}`)).status).toBe(200);
    const annaStream = await api.events(anna);
    await annaStream.next();
    await api.game("station/activate", { StationID: 1, Hash: ben });
    await api.game("player/answer", { StationID: 1, Answer: "Ente", Hash: ben });
    const annaId = await playerId("Annegret");

    const seen = await thread(annaId);
    expect(seen.player).toEqual({ id: annaId, name: "Annegret", team: "Annegret & Team" });
    expect(seen.lines).toContainEqual(
      expect.objectContaining({ from: "user", text: "Ente", name: "Bertold" }),
    );
    expect(await thread(await playerId("Bertold"))).toMatchObject({ lines: seen.lines });

    const line = { stationId: 1, from: "Spielleitung", text: "Ihr seid nah dran." };
    expect((await ops("POST", `/players/${annaId}/lines`, line)).status).toBe(200);
    let heard = false;
    for (let n = 0; n < 50 && !heard; n++) {
      const message = await annaStream.next();
      heard = message.event === "webtext" && message.data.includes("Ihr seid nah dran.");
    }
    expect(heard).toBe(true);

    const { stuck } = opsOverview.parse(JSON.parse((await ops("GET", "/overview")).text));
    expect(stuck.participants).toContainEqual(
      expect.objectContaining({ playerId: annaId, name: "Annegret & Team", team: true }),
    );
    annaStream.close();
  });

  it("delivers a station's waiting later line now", async () => {
    const { token } = await api.register("0171 7654326", "+491717654326", "Wilhelmine");
    const stream = await api.events(token);
    await stream.next();
    await api.game("station/activate", { StationID: 5, Hash: token });
    await stream.until("buttongroup-start");
    const id = await playerId("Wilhelmine");
    const targets = (await stream.until("webbutton"))
      .filter((m) => m.event === "webbutton")
      .map((m) => serverEventSchemas.webbutton.parse(JSON.parse(m.data)).Target);
    await api.game("button/activate", { StationID: 5, Button: targets[0], Hash: token });
    const [waiting, ...more] = (await thread(id)).waiting;
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ stationId: 5, count: 1 });
    // The script says 30 s: it is due well after now.
    expect(Date.parse(waiting?.nextAt ?? "")).toBeGreaterThan(Date.now() + 20_000);

    const sent = await ops("POST", `/players/${id}/deliver`, { stationId: 5 });
    expect(sent.status, sent.text).toBe(200);
    let delivered = false;
    for (let n = 0; n < 50 && !delivered; n++) {
      const message = await stream.next(5000);
      delivered = message.event === "webtext" && message.data.includes("Froschkönig");
    }
    expect(delivered).toBe(true);
    expect((await thread(id)).waiting).toEqual([]);
    expect(await ops("POST", `/players/${id}/deliver`, { stationId: 5 })).toEqual({
      status: 409,
      text: "no line of the station waits",
    });
    stream.close();
  });

  it("refuses a line to a station the player does not run, and bad input, saying why", async () => {
    await api.register("0171 7654322", "+491717654322", "Ottilie");
    const id = await playerId("Ottilie");
    const line = { stationId: 1, from: "Spielleitung", text: "Hallo?" };
    expect(await ops("POST", `/players/${id}/lines`, line)).toEqual({
      status: 409,
      text: "the player does not run this station",
    });
    expect((await thread(id)).station).toBeNull();
    expect((await ops("POST", "/players/999999/lines", line)).status).toBe(404);
    expect((await ops("GET", "/players/999999/thread")).status).toBe(404);
    expect((await ops("GET", "/players/999999/watch")).status).toBe(404);
    expect((await ops("POST", `/players/${id}/lines`, { ...line, stationId: 999 })).status).toBe(
      404,
    );
    for (const bad of [
      { ...line, text: "   " },
      { ...line, text: "x".repeat(1001) },
      { ...line, from: "" },
      { ...line, from: "Lena\u0000" },
      { stationId: 1, text: "Hallo?" },
    ]) {
      const answer = await ops("POST", `/players/${id}/lines`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ops("GET", "/players/x/thread")).status).toBe(400);
  });
});
