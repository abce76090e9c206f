import { teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../src/security/limits";
import { Api, texts, types } from "./support/api";
import type { SseMessage } from "./support/sse-client";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/** The API's main flows on PostgreSQL: one app on this file's own schema. */

const DAY = 24 * 60 * 60 * 1000;
const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
let schema: TestSchema;
let app: TestApp;
let api: Api;

beforeAll(async () => {
  schema = await createTestSchema();
  app = await startApp({ database: schema.database, pack: await teamPack(), clock });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await schema.drop();
});

const ids = (messages: SseMessage[]) => messages.map((m) => m.id);

describe("the game on PostgreSQL", () => {
  it("signs up, plays a station live and answers it, each event once", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    expect(types([await stream.next()])).toEqual(["playerstatus"]);
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const intro = await stream.until("answer-expected");
    expect(ids(intro)).toEqual(["1", "2", "3", "4", "5", "6"]);
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const reaction = await stream.until("answer-expected");
    expect(types(reaction)[0]).toBe("webtext");
    expect(texts(reaction)[0]).toBe("Katze");
    expect(ids(reaction)).toEqual(["7", "8", "9", "10"]);
    expect(await stream.drain()).toEqual([]);
    stream.close();
  });

  it("replays exactly what a reconnecting client missed", async () => {
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: hash });
    const first = await api.events(hash);
    await first.until("answer-expected");
    first.close();
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const again = await api.events(hash, 6);
    expect((await again.next()).event).toBe("playerstatus");
    expect(ids(await again.until("answer-expected"))).toEqual(["7", "8", "9", "10"]);
    expect(await again.drain()).toEqual([]);
    again.close();
  });

  it("registers by SMS, signs in by phone and plays as a team", async () => {
    const { code, token } = await api.register("0151 22233344", "+4915122233344", "Lena");
    const [status] = await api.account("login/phone", { phone: "0151 22233344", password: code });
    expect(status).toBe(200);
    await api.game("station/activate", { StationID: 1, Hash: token });
    const invitation = await api.post("/api/game/team/invite", { Hash: token });
    const tjr = teamInviteResponse.parse(await invitation.json()).value;
    const mate = await api.optin();
    const joined = await fetch(
      `${app.url}/api/game/team/join?${new URLSearchParams({ hash: mate, tjr }).toString()}`,
    );
    expect(joined.status).toBe(200);
    const stream = await api.events(mate);
    const replay = await stream.until("answer-expected");
    expect(replay[0]?.data).toContain('"HasTeam":true');
    expect(types(replay).slice(1)).toContain("webtext");
    stream.close();
  });

  it("erases inactive accounts once even when two sweeps run at once", async () => {
    const idle = [await api.optin(), await api.optin()];
    const playing = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: playing });
    clock.ms += defaultLimits.inactiveAccountTtlMs + DAY;
    const erased = await Promise.all([app.sweep(), app.sweep()]);
    // The two idle players, neither counted by both sweeps.
    expect(erased[0] + erased[1]).toBe(2);
    for (const hash of idle) {
      expect((await api.gameFailure("station/activate", { StationID: 1, Hash: hash }))[0]).toBe(
        401,
      );
    }
    // The player who activated a station keeps the account.
    await api.game("station/cancel", { StationID: 1, Hash: playing });
  });
});
