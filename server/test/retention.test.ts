import { teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../src/security/limits";
import { hashToken } from "../src/security/tokens";
import { Api } from "./support/api";
import { countRows } from "./support/db-dump";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const DAY = 24 * 60 * 60 * 1000;
const TTL = defaultLimits.inactiveAccountTtlMs;

const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
let dir: { dir: string; remove(): Promise<void> };
let dbFile: string;
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  dbFile = `${dir.dir}/db.sqlite`;
  app = await startApp({ dbFile, pack: await teamPack(), clock });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const sweep = () => app.sweep();
const status = async (hash: string) =>
  (await api.gameFailure("station/activate", { StationID: 99, Hash: hash }))[0];

describe("the retention sweep", () => {
  it("erases accounts 14 days after registration unless a station was activated for them", async () => {
    const idle = await api.optin();
    const player = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: player });
    const cancelled = await api.optin();
    await api.game("station/activate", { StationID: 1, Hash: cancelled });
    await api.game("station/cancel", { StationID: 1, Hash: cancelled });
    await api.requestCode("0171 3334445");
    // A team whose game was played by its founder keeps the member who never played.
    const founder = await api.optin();
    await api.game("station/activate", { StationID: 2, Hash: founder });
    const code = teamInviteResponse.parse(
      await (await api.post("/api/game/team/invite", { Hash: founder })).json(),
    ).value;
    const member = await api.optin();
    expect((await fetch(`${app.url}/api/game/team/join?hash=${member}&tjr=${code}`)).status).toBe(
      200,
    );

    clock.ms += TTL - 1;
    const young = await api.optin();
    expect(await sweep()).toBe(0);
    expect(await status(idle)).toBe(404);

    clock.ms += 1;
    expect(await sweep()).toBe(2);
    expect(await status(idle)).toBe(401);
    expect(countRows(dbFile, "players", "phone = ?", "+491713334445")).toBe(0);
    for (const hash of [player, cancelled, founder, member, young]) {
      expect(await status(hash)).toBe(404);
    }

    clock.ms += TTL;
    expect(await sweep()).toBe(1);
    expect(await status(young)).toBe(401);
  });

  it("counts from the confirmation of the SMS code, not from the first request", async () => {
    await api.requestCode("0171 3334448");
    clock.ms += TTL - 60 * 1000;
    const { token } = await api.register("0171 3334448", "+491713334448");
    clock.ms += 60 * 1000;
    expect(await sweep()).toBe(0);
    expect(await status(token)).toBe(404);
    await api.game("station/activate", { StationID: 1, Hash: token });
  });

  it("deletes a team nobody played in with its last member", async () => {
    const founder = await api.optin();
    await api.post("/api/game/team/invite", { Hash: founder });
    const teamId = (await app.store.repos.players.findByTokenHash(hashToken(founder)))?.teamId;
    expect(countRows(dbFile, "teams", "id = ?", teamId)).toBe(1);
    clock.ms += TTL;
    expect(await sweep()).toBe(1);
    expect(countRows(dbFile, "teams", "id = ?", teamId)).toBe(0);
    expect(countRows(dbFile, "streams", "stream = ?", `team:${teamId}`)).toBe(0);
  });

  it("removes expired SMS codes, reset links and invitations", async () => {
    await api.requestCode("0171 3334446");
    const { token } = await api.register("0171 3334447", "+491713334447");
    await api.account("changepass/phone", { Hash: token });
    await api.game("station/activate", { StationID: 1, Hash: token });
    await api.post("/api/game/team/invite", { Hash: token });
    expect(countRows(dbFile, "sms_codes", "1 = 1")).toBe(1);
    expect(countRows(dbFile, "password_resets", "1 = 1")).toBe(1);
    expect(countRows(dbFile, "team_invitations", "1 = 1")).toBeGreaterThan(0);
    clock.ms += 8 * DAY;
    await sweep();
    for (const table of ["sms_codes", "password_resets", "team_invitations"]) {
      expect(countRows(dbFile, table, "1 = 1"), table).toBe(0);
    }
  });
});
