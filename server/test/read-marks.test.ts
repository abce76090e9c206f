import { ErrorReason, loginPhoneResponse, readMarksResponse } from "@wegmarke/protocol";
import type { ReadMarksValue } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, teamPack } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const nothing: ReadMarksValue = {
  Stations: {},
  News: null,
  OperatorNews: null,
  Stories: [],
  Points: 0,
};

/**
 * What a player has read (`player/read`) belongs to the account: what one device sent, a sign-in
 * on another finds, each mark the larger of what the devices sent; the row goes with the account.
 * On both databases.
 */
describe.each(dialects)("the read marks of an account ($name)", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  let api: Api;

  const read = async (hash: string) => {
    const response = await fetch(`${app.url}/api/game/player/read?hash=${hash}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return readMarksResponse.parse(await response.json()).value;
  };
  const send = async (hash: string, marks: ReadMarksValue) => {
    const response = await api.post("/api/game/player/read", { Hash: hash, Read: marks }, "PUT");
    expect(response.status, await response.clone().text()).toBe(200);
    return readMarksResponse.parse(await response.json()).value;
  };
  const signIn = async (phone: string, password: string) => {
    const [status, body] = await api.account("login/phone", { phone, password });
    expect(status, body).toBe(200);
    return loginPhoneResponse.parse(JSON.parse(body)).value;
  };

  beforeAll(async () => {
    db = await dialect.open();
    app = await startApp({ ...db.where, pack: await teamPack("optional") });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("keeps what one device read for the next sign-in, the larger of each mark", async () => {
    const phone = "0171 5550301";
    const { code, token } = await api.register(phone, "+491715550301");
    expect(await read(token)).toEqual(nothing);

    const first = {
      Stations: { "1": 12, "3": 4 },
      News: 9,
      OperatorNews: 2,
      Stories: [2],
      Points: 3,
    };
    expect(await send(token, first)).toEqual(first);

    // Signed out and in again (another token): the same marks.
    const again = await signIn(phone, code);
    expect(again).not.toBe(token);
    expect(await read(again)).toEqual(first);

    // A second device read less of one station, more of another, and another story.
    const other = {
      Stations: { "1": 5, "2": 7 },
      News: 4,
      OperatorNews: null,
      Stories: [1],
      Points: 0,
    };
    const merged = {
      Stations: { "1": 12, "2": 7, "3": 4 },
      News: 9,
      OperatorNews: 2,
      Stories: [1, 2],
      Points: 3,
    };
    expect(await send(again, other)).toEqual(merged);
    expect(await read(token)).toEqual(merged);
  });

  it("keeps each player's marks apart, and a new stream (a team) starts with none", async () => {
    const lena = await api.optin();
    const ben = await api.optin();
    await send(lena, { ...nothing, News: 30, Stories: [1] });
    expect(await read(ben)).toEqual(nothing);

    const invite = await api.post("/api/game/team/invite", { Hash: lena });
    expect(invite.status).toBe(200);
    expect(await read(lena)).toEqual(nothing);
    expect(await send(lena, { ...nothing, Points: 2 })).toEqual({ ...nothing, Points: 2 });
  });

  it("refuses marks that are no marks, naming the field", async () => {
    const hash = await api.optin();
    const bad = async (marks: unknown) => {
      const response = await api.post("/api/game/player/read", { Hash: hash, Read: marks }, "PUT");
      return [response.status, await response.text()];
    };
    const [status, reason] = await bad({ ...nothing, Stations: { x: 1 } });
    expect(status).toBe(400);
    expect(reason).toMatch(/Read\.Stations/);
    expect((await bad({ ...nothing, Points: -1 }))[0]).toBe(400);
    expect((await bad({ ...nothing, Stories: ["a"] }))[0]).toBe(400);
    expect((await bad(undefined))[0]).toBe(400);
    expect(await read(hash)).toEqual(nothing);
  });

  it("refuses a call without a valid hash", async () => {
    const response = await fetch(`${app.url}/api/game/player/read?hash=nobody`);
    expect([response.status, await response.text()]).toEqual([401, ErrorReason.invalidHash]);
  });

  it("forgets the marks with the account", async () => {
    const hash = await api.optin();
    await send(hash, { ...nothing, Points: 54321 });
    expect(await db.dump()).toContain("54321");
    const deleted = await api.post("/api/game/outro/activate", { Skip: true, Hash: hash });
    expect(deleted.status).toBe(200);
    expect(await db.dump()).not.toContain("54321");
  });
});
