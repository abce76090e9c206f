import { existsSync, readFileSync } from "node:fs";
import { teamInviteResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/security/tokens";
import { Api, texts } from "./support/api";
import { countRows, dumpDatabase } from "./support/db-dump";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let dir: { dir: string; remove(): Promise<void> };
let dbFile: string;
let app: TestApp;
let api: Api;

beforeAll(async () => {
  dir = await tempDir();
  dbFile = `${dir.dir}/db.sqlite`;
  app = await startApp({ dbFile, pack: await teamPack() });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

async function playerId(token: string): Promise<number> {
  const player = await app.store.repos.players.findByTokenHash(hashToken(token));
  if (!player) throw new Error("no player");
  return player.id;
}

async function deleteAccount(hash: string): Promise<void> {
  expect(
    await api.post("/api/game/outro/activate", { Skip: true, Hash: hash }).then((r) => r.json()),
  ).toEqual({ value: "ok" });
}

describe("account deletion (outro/activate)", () => {
  it("erases every personal datum of a player and ends their token and streams", async () => {
    const { code, token } = await api.register("0151 19876543", "+4915119876543", "Friederike");
    const id = await playerId(token);
    // Data in every table that can hold some: a second session, a reset link, a played station.
    await api.account("login/phone", { phone: "0151 19876543", password: code });
    await api.account("changepass/phone", { Hash: token });
    await api.game("station/activate", { StationID: 1, Hash: token });
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: token });
    const stream = await api.events(token);
    await stream.next();
    expect(dumpDatabase(dbFile)).toContain("Friederike");

    await deleteAccount(token);

    await stream.closedByServer();
    // Nor in the files: deleted rows are overwritten, the WAL is emptied after the erasure.
    for (const file of [dbFile, `${dbFile}-wal`]) {
      const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
      expect(bytes.includes("Friederike"), file).toBe(false);
      expect(bytes.includes("+4915119876543"), file).toBe(false);
    }
    const dump = dumpDatabase(dbFile);
    expect(dump).not.toContain("+4915119876543");
    expect(dump).not.toContain("Friederike");
    expect(dump).not.toContain("Katze");
    expect(countRows(dbFile, "players", "id = ?", id)).toBe(0);
    for (const table of ["sessions", "sms_codes", "password_resets"]) {
      expect(countRows(dbFile, table, "player_id = ?", id), table).toBe(0);
    }
    for (const table of ["streams", "participants", "station_runs", "event_log"]) {
      expect(countRows(dbFile, table, "stream = ?", `player:${id}`), table).toBe(0);
    }
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: token })).toEqual([
      401,
      "invalid hash",
    ]);
    await expect(api.events(token)).rejects.toThrow("401 invalid hash");
    expect(await api.account("login/phone", { phone: "0151 19876543", password: code })).toEqual([
      430,
      "login failed",
    ]);
    // The number is free for a new registration.
    await api.requestCode("0151 19876543");
  });

  it("takes a member out of the team; the team plays on, and goes with its last member", async () => {
    const anna = await api.optin();
    const invite = await api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invite.json()).value;
    const { token: ben } = await api.register("0160 1112223", "+491601112223", "Benedikt");
    expect((await fetch(`${app.url}/api/game/team/join?hash=${ben}&tjr=${code}`)).status).toBe(200);
    const teamId = (await app.store.repos.players.findByTokenHash(hashToken(anna)))?.teamId;
    const team = `team:${teamId}`;
    await api.game("station/activate", { StationID: 1, Hash: ben });
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: ben });

    await deleteAccount(ben);

    const dump = dumpDatabase(dbFile);
    expect(dump).not.toContain("+491601112223");
    expect(dump).not.toContain("Benedikt");
    expect(countRows(dbFile, "players", "team_id = ?", teamId)).toBe(1);
    // The team's game, Ben's answer included, stays with Anna.
    const stream = await api.events(anna);
    await stream.next();
    expect(texts(await stream.drain())).toContain("Gockel");
    stream.close();

    await deleteAccount(anna);
    expect(countRows(dbFile, "teams", "id = ?", teamId)).toBe(0);
    expect(countRows(dbFile, "team_invitations", "team_id = ?", teamId)).toBe(0);
    for (const table of ["streams", "station_runs", "event_log"]) {
      expect(countRows(dbFile, table, "stream = ?", team), table).toBe(0);
    }
  });

  it("needs a valid token", async () => {
    expect(await api.gameFailure("outro/activate", { Skip: true, Hash: "nope" })).toEqual([
      401,
      "invalid hash",
    ]);
    expect(await api.gameFailure("outro/activate", { Skip: true })).toEqual([401, "invalid hash"]);
  });
});
