import {
  ErrorReason,
  accountResponse,
  loginPhoneResponse,
  playerStatusSchema,
} from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api, texts } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const HOUR = 60 * 60 * 1000;

/**
 * An anonymous player keeps their game with a phone number (`player/upgrade/sms` and its
 * `verify`): the same player row, so the same points, stations, messages and team, now with a
 * number to sign in with on any phone. On both databases.
 */
describe.each(dialects)("keeping an anonymous game with a phone number ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;
  let ben: string;
  const phone = "0171 5550199";
  const to = "+491715550199";

  const registered = async (hash: string) => {
    const [status, body] = await api.account("account", { Hash: hash });
    expect(status, body).toBe(200);
    return accountResponse.parse(JSON.parse(body)).value.Registered;
  };
  const game = async (hash: string) => {
    const stream = await api.events(hash);
    const messages = [await stream.next(), ...(await stream.drain(500))];
    stream.close();
    return {
      status: playerStatusSchema.parse(JSON.parse(messages[0]?.data ?? "")),
      texts: texts(messages),
    };
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, pack: await teamPack("optional") });
    api = new Api(app.url);
    // Ben plays without an account: the market place (3 points), then founds a team.
    ben = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: ben });
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });
    const invite = await api.post("/api/game/team/invite", { Hash: ben });
    expect(invite.status).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("tells the app that the player is anonymous", async () => {
    expect(await registered(ben)).toBe(false);
  });

  it("sends a code, refuses a wrong one, and keeps the game with the right one", async () => {
    const before = await game(ben);
    expect(before.status).toMatchObject({ HasTeam: true, TotalPoints: 3 });
    const id = (await app.store.repos.players.findByTokenHash(hashToken(ben)))?.id;
    expect(id).toBeDefined();

    expect(
      await api.account("upgrade/sms", { Hash: ben, first_name: "Ben", phone, language: "en" }),
    ).toEqual([200, '{"value":"ok"}']);
    const code = await api.lastCode(to);
    expect(await api.lastSms(to)).toMatch(/^Your code for Fairy-tale Marburg: \d{6}$/);
    expect(
      await api.account("upgrade/sms/verify", { Hash: ben, phone, smscode: "000000" }),
    ).toEqual([430, ErrorReason.invalidCode]);
    expect(await registered(ben)).toBe(false);

    expect(await api.account("upgrade/sms/verify", { Hash: ben, phone, smscode: code })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await registered(ben)).toBe(true);
    // One row for the number: the player's own, with the team it had.
    const player = await app.store.repos.players.findByPhone(to);
    expect(player).toMatchObject({ id, firstName: "Ben", language: "en", phone: to });
    expect(player?.teamId).not.toBeNull();
    expect(player?.verifiedAt).not.toBeNull();

    // The device's session goes on with the same game.
    expect(await game(ben)).toEqual(before);

    // Another phone signs in with the number and the code (the first password) to that game.
    const [status, body] = await api.account("login/phone", { phone, password: code });
    expect(status, body).toBe(200);
    const login = loginPhoneResponse.parse(JSON.parse(body));
    expect(login.passwordIsCode).toBe(true);
    expect(await game(login.value)).toEqual(before);
  });

  it("refuses a player who has a number already", async () => {
    expect(
      await api.account("upgrade/sms", { Hash: ben, first_name: "Ben", phone: "0171 5550198" }),
    ).toEqual([409, ErrorReason.accountRegistered]);
  });

  it("refuses a number that is registered (402)", async () => {
    const carla = await api.optin();
    expect(await api.account("upgrade/sms", { Hash: carla, first_name: "Carla", phone })).toEqual([
      402,
      ErrorReason.alreadyRegistered,
    ]);
  });

  it("refuses a call without a valid hash", async () => {
    expect(
      await api.account("upgrade/sms", { Hash: "nobody", first_name: "X", phone: "0171 5550197" }),
    ).toEqual([401, ErrorReason.invalidHash]);
    expect(await api.account("account", { Hash: "nobody" })).toEqual([
      401,
      ErrorReason.invalidHash,
    ]);
  });
});

describe("keeping a game counts against the registration's limits", () => {
  let dir: { dir: string; remove(): Promise<void> };
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    dir = await tempDir();
    app = await startApp({
      dbFile: `${dir.dir}/db.sqlite`,
      limits: { smsCallsPerIp: { limit: 1, windowMs: HOUR } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await dir.remove();
  });

  it("shares the SMS calls of an address with the registration", async () => {
    const hash = await api.optin();
    await api.requestCode("0171 5550188");
    expect(
      await api.account("upgrade/sms", { Hash: hash, first_name: "Dora", phone: "0171 5550187" }),
    ).toEqual([429, ErrorReason.tooManySms]);
  });
});
