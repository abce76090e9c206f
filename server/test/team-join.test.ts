import {
  ErrorReason,
  playerStatusSchema,
  teamInviteResponse,
  teamMembersResponse,
  teamPreviewResponse,
} from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import type { SseClient } from "./support/sse-client";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Before joining, the app asks what the join would change (`team/preview`): the team's members
 * and the points and finished stations the player leaves behind; asking changes nothing. A
 * member sees the team with who is online (`team/members`). On both databases.
 */
describe.each(dialects)("joining a team ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  let anna: string;
  let ben: string;
  let code: string;
  const open: SseClient[] = [];

  const get = async (path: string, query: Record<string, string>) => {
    const response = await fetch(`${app.url}/api/game/${path}?${new URLSearchParams(query)}`);
    return { status: response.status, text: await response.text() };
  };
  const preview = async (hash: string, tjr: string) => {
    const { status, text } = await get("team/preview", { hash, tjr });
    expect(status, text).toBe(200);
    return teamPreviewResponse.parse(JSON.parse(text)).value;
  };
  const members = async (hash: string) => {
    const { status, text } = await get("team/members", { hash });
    expect(status, text).toBe(200);
    return teamMembersResponse.parse(JSON.parse(text)).value;
  };
  const statusOf = async (hash: string) => {
    const stream = await api.events(hash);
    const first = await stream.next();
    stream.close();
    return playerStatusSchema.parse(JSON.parse(first.data));
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({
      ...db.where,
      pack: await teamPack(),
      limits: { joinFailuresPerPlayer: { limit: 3, windowMs: 60 * 60 * 1000 } },
    });
    api = new Api(app.url);
    ({ token: anna } = await api.register("0151 22334455", "+4915122334455", "Anna"));
    const invite = await api.post("/api/game/team/invite", { Hash: anna });
    code = teamInviteResponse.parse(await invite.json()).value;

    // Ben plays on his own first and finishes the market place: 3 points.
    ben = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: ben });
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    await app.close();
    await db.done();
  });

  it("tells the team's members and what the player leaves behind, and changes nothing", async () => {
    expect(await preview(ben, code)).toEqual({
      Members: ["Anna"],
      Member: false,
      InTeam: false,
      Points: 3,
      StationsDone: 1,
    });
    expect(await statusOf(ben)).toMatchObject({ HasTeam: false, TotalPoints: 3 });
    expect(await members(ben)).toBeNull();
  });

  it("answers a wrong code as the join does, counting against the same limit", async () => {
    const carla = await api.optin();
    for (let i = 0; i < 3; i++) {
      expect(await get("team/preview", { hash: carla, tjr: "WRONG123" })).toEqual({
        status: 400,
        text: ErrorReason.teamInvitationFailed,
      });
    }
    // The join shares the limit: the fourth wrong try, by either call, is held back.
    const join = await get("team/join", { hash: carla, tjr: code });
    expect([join.status, join.text]).toEqual([429, ErrorReason.tooManyAttempts]);
    expect((await get("team/preview", { hash: carla, tjr: code })).status).toBe(429);
  });

  it("lists the members of a team with who has a stream open", async () => {
    const joined = await get("team/join", { hash: ben, tjr: code });
    expect(joined.status, joined.text).toBe(200);
    const benStream = await api.events(ben);
    open.push(benStream);
    await benStream.next();

    const seen = await members(anna);
    expect(seen?.Name).toBe("Anna & Team");
    // Anna has no stream open, but she is the one asking.
    expect(seen?.Members).toEqual([
      { Name: "Anna", Online: true, You: true },
      { Name: expect.stringMatching(/^Wanderer \d{4}$/), Online: true, You: false },
    ]);
    expect((await members(ben))?.Members.map((member) => member.You)).toEqual([false, true]);

    benStream.close();
    await expect
      .poll(async () => (await members(anna))?.Members.map((member) => member.Online))
      .toEqual([true, false]);
  });

  it("tells a member that they are in the team already, and what the team has", async () => {
    expect(await preview(ben, code)).toMatchObject({ Member: true, InTeam: true, Points: 0 });
  });

  it("is refused without a valid hash", async () => {
    expect(await get("team/members", { hash: "nobody" })).toEqual({
      status: 401,
      text: ErrorReason.invalidHash,
    });
  });
});
