import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import { addGame } from "./support/games";
import type { TestDatabase } from "./support/dialects";
import { missionPack, Uploads } from "./support/missions";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
const photo = { station: "11", kind: "photo" };

/**
 * One game's rally meets the limits every game has of its own (security/limits.ts): its
 * sign-ups from all addresses and its unfinished uploads; the installation's other game plays
 * on.
 */
describe.each(dialects)("a game's own limits ($name)", (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let folder: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    database = await dialect.open();
    folder = await tempDir();
    const pack = await missionPack(folder.dir);
    server = await startApp({
      ...database.where,
      pack,
      limits: { signupsPerGame: { limit: 3, windowMs: HOUR }, openUploadsPerGame: 1 },
    });
    await addGame(database.where, folder.dir, "rally", pack.dir);
  });

  afterAll(async () => {
    await server?.close();
    await database?.done();
    await folder?.remove();
  });

  /** A new player of the game below `base`, at the photo mission of station 11. */
  async function atMission(base: string) {
    const api = new Api(`${server.url}${base}`);
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: 11, Hash: hash });
    await events.until("mission-expected");
    events.close();
    return new Uploads(`${server.url}${base}`, hash);
  }

  it("stop one game's uploads and sign-ups at its caps, and not another's", async () => {
    // The rally's first photo takes its one unfinished upload; the next player waits for it.
    const first = await (await atMission("/g/rally")).create(2 * MB, photo);
    expect(first.status, first.text).toBe(201);
    const second = await (await atMission("/g/rally")).create(2 * MB, photo);
    expect([second.status, second.text]).toEqual([429, "too many uploads"]);
    const elsewhere = await (await atMission("")).create(2 * MB, photo);
    expect(elsewhere.status, elsewhere.text).toBe(201);

    // Two players signed up for the rally; the third is its last this hour (the address may
    // sign up 200).
    const rally = new Api(`${server.url}/g/rally`);
    await rally.optin();
    const refused = await fetch(`${server.url}/g/rally/api/account/player/optin/anon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ story_id: "marburg" }),
    });
    expect([refused.status, await refused.text()]).toEqual([429, "too many attempts"]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The other game signs its players up, from the same address too.
    await new Api(server.url).optin();
  });
});
