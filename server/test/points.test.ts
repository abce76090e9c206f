import { opsPlayersPage, opsThread, scoreboardResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, typed } from "./support/api";
import { dialects } from "./support/dialects";
import { opsCall, playerIdNamed } from "./support/ops-client";
import type { TestDatabase } from "./support/dialects";
import { demoPack, startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A host awards or takes points with a reason: the player's total, their open app, the
 * scoreboard and the console count them at once, never below 0; the audit log keeps who and why.
 */

const TOKEN = "points-token-".padEnd(48, "p");

describe.each(dialects)("points a host awards ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  async function ops(method: string, path: string, body?: unknown) {
    const { status, text } = await opsCall(app, TOKEN, method, path, body);
    return { status, text };
  }

  async function scoreboard(hash: string) {
    const query = new URLSearchParams({ hash });
    const response = await fetch(`${app.url}/api/game/scoreboard?${query}`);
    return scoreboardResponse.parse(await response.json()).value;
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

  it("counts in the total, the open app, the scoreboard and the console, never below 0", async () => {
    const { token: hash } = await api.register("0171 4141414", "+491714141414", "Paula");
    const other = await api.register("0171 4242424", "+491714242424", "Pit");
    const stream = await api.events(hash);
    await stream.next();
    const id = await playerIdNamed(app, TOKEN, "Paula");

    const award = (body: unknown) => ops("POST", `/players/${id}/points`, body);
    expect((await award({ points: 5, reason: "Beste Verkleidung" })).status).toBe(200);
    const status = typed(await stream.next());
    if (status.type !== "playerstatus") throw new Error(`not a status: ${status.type}`);
    expect(status.data).toMatchObject({ TotalPoints: 5, Awarded: 5 });
    // A stream opened later starts with them too.
    const again = await api.events(hash);
    const opening = typed(await again.next());
    if (opening.type !== "playerstatus") throw new Error(`not a status: ${opening.type}`);
    expect(opening.data).toMatchObject({ TotalPoints: 5, Awarded: 5 });
    again.close();

    const board = await scoreboard(hash);
    expect(board.you).toMatchObject({ rank: 1, points: 5, stations: 0, isYou: true });
    expect(board.entries[0]).toMatchObject({ name: "Paula", points: 5 });
    expect((await scoreboard(other.token)).you).toMatchObject({ rank: 2, points: 0 });

    expect((await award({ points: -8, reason: "Abkürzung durch den Park" })).status).toBe(200);
    const taken = typed(await stream.next());
    if (taken.type !== "playerstatus") throw new Error(`not a status: ${taken.type}`);
    expect(taken.data).toMatchObject({ TotalPoints: 0, Awarded: -3 });
    expect((await scoreboard(hash)).you.points).toBe(0);

    const thread = opsThread.parse(JSON.parse((await ops("GET", `/players/${id}/thread`)).text));
    expect(thread.points).toBe(0);
    expect(thread.awards).toEqual([
      { points: 5, reason: "Beste Verkleidung", by: null, at: expect.any(String) },
      { points: -8, reason: "Abkürzung durch den Park", by: null, at: expect.any(String) },
    ]);
    expect((await award({ points: 10, reason: "Foto am Brunnen" })).status).toBe(200);
    const listed = opsPlayersPage.parse(JSON.parse((await ops("GET", "/players?q=Paula")).text));
    expect(listed.players[0]).toMatchObject({ points: 7, stationsDone: 0 });
    stream.close();

    const audit = (await ops("GET", "/audit")).text;
    expect(audit).toContain("points.award");
    expect(audit).toContain(`player ${id}, +5: Beste Verkleidung`);
    expect(audit).toContain(`player ${id}, -8: Abkürzung durch den Park`);
  });

  it("refuses no points, too many, no reason and no such player", async () => {
    const { token: hash } = await api.register("0171 4343434", "+491714343434", "Pia");
    const id = await playerIdNamed(app, TOKEN, "Pia");
    const award = (body: unknown, player = id) => ops("POST", `/players/${player}/points`, body);
    for (const body of [
      { points: 0, reason: "nichts" },
      { points: 1001, reason: "zu viel" },
      { points: 2.5, reason: "halb" },
      { points: 3, reason: "   " },
      { points: 3 },
    ]) {
      expect((await award(body)).status).toBe(400);
    }
    expect((await award({ points: 3, reason: "wer?" }, 999_999)).status).toBe(404);
    expect((await scoreboard(hash)).you.points).toBe(0);
  });
});
