import { ErrorReason, serverEventSchemas, teamInviteResponse } from "@wegmarke/protocol";
import type { TeammatePosition } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { ManualTime } from "./support/manual-time";
import type { SseClient, SseMessage } from "./support/sse-client";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Team members' shared positions (`team/position`, the `teampositions` event): they reach the
 * other members' streams live, on every instance, and nobody outside the team; they go when
 * the member stops, leaves the team or sends nothing for two minutes; the database never holds
 * them. On both databases; on PostgreSQL the teammate's stream is on a second instance.
 */

/** Coordinates nobody else in the database has: the dump must not contain them. */
const MARKT = { Latitude: 50.80953, Longitude: 8.76998, Accuracy: 12 };
const SCHLOSS = { Latitude: 50.81041, Longitude: 8.7668 };

const members = (message: SseMessage | undefined): TeammatePosition[] => {
  expect(message?.event).toBe("teampositions");
  expect(message?.id).toBeUndefined();
  return serverEventSchemas.teampositions.parse(JSON.parse(message?.data ?? "")).Members;
};

describe.each(dialects)("team positions ($name)", (dialect) => {
  const time = new ManualTime("2026-05-01T10:00:00Z");
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  /** Calls go to instance A, the teammates' streams are on B (the same app with SQLite). */
  let apiA: Api;
  let apiB: Api;
  let anna: string;
  let ben: string;
  let carla: string;
  const open: SseClient[] = [];

  async function share(hash: string, position: Record<string, number> | null) {
    return apiA.gameFailure("team/position", {
      Hash: hash,
      Share: position !== null,
      ...(position && { Position: position }),
    });
  }

  async function stream(hash: string): Promise<SseClient> {
    const client = await apiB.events(hash);
    open.push(client);
    return client;
  }

  beforeAll(async () => {
    db = await dialect.open();
    const options = { pack: await teamPack(), clock: time.clock, timer: time.timer };
    a = await startApp({ ...db.where, ...options });
    b = dialect.name === "PostgreSQL" ? await startApp({ ...db.where, ...options }) : a;
    apiA = new Api(a.url);
    apiB = new Api(b.url);
    ({ token: anna } = await apiA.register("0151 11223344", "+4915111223344", "Anna"));
    ben = await apiA.optin();
    carla = await apiA.optin();
    const invite = await apiA.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invite.json()).value;
    const joined = await fetch(
      `${a.url}/api/game/team/join?${new URLSearchParams({ hash: ben, tjr: code }).toString()}`,
    );
    expect(joined.status).toBe(200);
  });

  afterAll(async () => {
    for (const client of open) client.close();
    if (b !== a) await b.close();
    await a.close();
    await db.done();
  });

  it("reach the teammate's open stream at once, with the sharer's name, and nobody else's", async () => {
    const benStream = await stream(ben);
    await benStream.until("playerstatus");
    const carlaStream = await stream(carla);
    await carlaStream.until("playerstatus");
    const annaStream = await stream(anna);
    await annaStream.until("playerstatus");

    expect(await share(anna, MARKT)).toEqual([200, '{"value":"ok"}']);
    const [anna1] = members(await benStream.next());
    expect(anna1).toEqual({
      Member: expect.stringMatching(/^[\w-]{12}$/) as unknown,
      Name: "Anna",
      Latitude: MARKT.Latitude,
      Longitude: MARKT.Longitude,
      Accuracy: 12,
      Age: 0,
    });
    // Anna's own phone hears that nobody else shares; Carla plays alone and hears nothing.
    expect(members(await annaStream.next())).toEqual([]);
    expect(await carlaStream.drain()).toEqual([]);

    // Ben shares too (an anonymous player goes by the generated name) and Anna moves.
    await share(ben, SCHLOSS);
    const [ben1] = members(await annaStream.next());
    expect(ben1?.Name).toMatch(/^Wanderer \d{4}$/);
    expect(members(await benStream.next())).toEqual([anna1]);
    time.advance(1_000);
    await share(anna, { ...SCHLOSS, Accuracy: 30 });
    expect(members(await benStream.next())).toMatchObject([
      { Name: "Anna", Latitude: SCHLOSS.Latitude, Accuracy: 30, Member: anna1?.Member },
    ]);
    await annaStream.next();
    expect(await carlaStream.drain()).toEqual([]);
  });

  it("go to a stream that opens later, after its status, and never into the database", async () => {
    const late = await stream(ben);
    const opening = await late.until("teampositions");
    expect(opening[0]?.event).toBe("playerstatus");
    expect(members(opening.at(-1))).toMatchObject([{ Name: "Anna", Latitude: SCHLOSS.Latitude }]);
    late.close();

    const dump = await db.dump();
    expect(dump).toContain("players");
    expect(dump).not.toContain(String(MARKT.Longitude));
    expect(dump).not.toContain(String(SCHLOSS.Longitude));
  });

  it("stop when the member stops sharing, and expire two minutes after the last update", async () => {
    const benStream = await stream(ben);
    await benStream.until("teampositions");
    await share(ben, null);
    expect(members(await benStream.next())).toMatchObject([{ Name: "Anna" }]);
    await share(anna, null);
    expect(members(await benStream.next())).toEqual([]);

    // 1 s after the first positions: shared again, it lasts until 2 min 1 s.
    await share(anna, MARKT);
    expect(members(await benStream.next())).toMatchObject([{ Name: "Anna", Age: 0 }]);
    time.advance(119_000);
    expect(await benStream.drain()).toEqual([]);
    time.advance(1_000);
    expect(members(await benStream.next())).toEqual([]);
  });

  it("answer a player without a team, a bad body and a device sending too fast clearly", async () => {
    expect(await share(carla, MARKT)).toEqual([409, ErrorReason.notInTeam]);
    const [status, reason] = await apiA.gameFailure("team/position", { Hash: anna, Share: true });
    expect(status).toBe(400);
    expect(reason).toContain("Position");
    expect(
      await apiA.gameFailure("team/position", {
        Hash: anna,
        Share: true,
        Position: { Latitude: 91, Longitude: 0 },
      }),
    ).toEqual([400, "Position.Latitude: Too big: expected number to be <=90"]);
    expect((await share("not-a-token", MARKT))[0]).toBe(401);
    time.advance(5_000);
    expect(await share(anna, MARKT)).toEqual([200, '{"value":"ok"}']);
    expect(await share(anna, MARKT)).toEqual([429, ErrorReason.tooManyAttempts]);
  });
});
