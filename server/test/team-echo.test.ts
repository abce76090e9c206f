import { playerStatusSchema, teamInviteResponse, webtextSchema } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import type { SseMessage } from "./support/sse-client";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({ dbFile: `${dir.dir}/db.sqlite`, pack: await teamPack() });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const status = (message: SseMessage | undefined) =>
  playerStatusSchema.parse(JSON.parse(message?.data ?? ""));
const echoes = (messages: SseMessage[]) =>
  messages
    .filter((message) => message.event === "webtext")
    .map((message) => webtextSchema.parse(JSON.parse(message.data)))
    .filter((text) => text.Originator === "user");

describe("the echo of an answer", () => {
  it("names the member who gave it in a team; each member's stream says whose key is theirs", async () => {
    const anna = await api.optin();
    const response = await api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await response.json()).value;
    const ben = await api.optin();
    const joined = await fetch(
      `${app.url}/api/game/team/join?${new URLSearchParams({ hash: ben, tjr: code }).toString()}`,
    );
    expect(joined.status).toBe(200);

    const annaStream = await api.events(anna);
    const benStream = await api.events(ben);
    const annaKey = status(await annaStream.next()).Member;
    const benKey = status(await benStream.next()).Member;
    expect(annaKey).toMatch(/^[\w-]{12}$/);
    expect(benKey).toMatch(/^[\w-]{12}$/);
    expect(benKey).not.toBe(annaKey);

    await api.game("station/activate", { StationID: 1, Hash: ben });
    await annaStream.until("answer-expected");
    await benStream.until("answer-expected");
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });
    const seenByAnna = await annaStream.until("playerstatus");
    const seenByBen = await benStream.until("playerstatus");
    expect(seenByBen).toEqual(seenByAnna);
    expect(echoes(seenByAnna)).toEqual([
      expect.objectContaining({
        Text: "Gockel",
        Member: benKey,
        Name: expect.stringMatching(/^Wanderer \d{4}$/),
      }),
    ]);
    // The key is the member's, not the account's: the same on every stream the member opens.
    const benAgain = await api.events(ben);
    expect(status(await benAgain.next()).Member).toBe(benKey);
  });

  it("of a player alone names nobody, and the player's stream carries no member key", async () => {
    const lena = await api.optin();
    const stream = await api.events(lena);
    expect(status(await stream.next()).Member).toBeUndefined();
    await api.game("station/activate", { StationID: 1, Hash: lena });
    await stream.until("answer-expected");
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: lena });
    const [echo] = echoes(await stream.until("playerstatus"));
    expect(echo).toBeDefined();
    expect(echo?.Member).toBeUndefined();
    expect(echo?.Name).toBeUndefined();
  });

  it("loses the member's name once they leave the team, and keeps the key", async () => {
    const invite = async (token: string) => {
      const response = await api.post("/api/game/team/invite", { Hash: token });
      return teamInviteResponse.parse(await response.json()).value;
    };
    const join = (token: string, code: string) =>
      fetch(`${app.url}/api/game/team/join?${new URLSearchParams({ hash: token, tjr: code })}`);
    const anna = await api.optin();
    const ben = await api.optin();
    expect((await join(ben, await invite(anna))).status).toBe(200);
    await api.game("station/activate", { StationID: 1, Hash: ben });
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });

    // Ben moves to Carla's team: Anna's team's log keeps his answer, not his name.
    const carla = await api.optin();
    expect((await join(ben, await invite(carla))).status).toBe(200);
    const stream = await api.events(anna);
    await stream.next();
    const [echo] = echoes(await stream.drain());
    expect(echo).toEqual(expect.objectContaining({ Text: "Gockel", Member: expect.any(String) }));
    expect(echo?.Name).toBeUndefined();
  });
});
