import { opsPreviewOutcome } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { addGame } from "./support/games";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { opsCall, titleOn, until } from "./support/ops-client";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = "game-instances-token-".padEnd(48, "g");

/**
 * Another game of the installation behind a load balancer (decisions/054): two instances on one
 * PostgreSQL schema, a call of the game `rally` on one handed to the other where that one keeps
 * what the call is about, at the game's own address.
 */
describe("another game on two instances", () => {
  let schema: TestSchema;
  let folder: Awaited<ReturnType<typeof tempDir>>;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    schema = await createTestSchema();
    folder = await tempDir();
    const pack = await missionPack(folder.dir);
    const start = () =>
      startApp({ database: schema.database, pack, config: { operatorToken: TOKEN } });
    [one, two] = [await start(), await start()];
    await addGame({ database: schema.database }, folder.dir, "rally", pack.dir);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await schema?.drop();
    await folder?.remove();
  });

  it("takes an upload's pieces on either instance, handed on within the game", async () => {
    const api = new Api(`${one.url}/g/rally`);
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: 11, Hash: hash });
    await events.until("mission-expected");
    const photo = await phonePhoto();
    const half = Math.floor(photo.byteLength / 2);
    const created = await new Uploads(`${two.url}/g/rally`, hash).create(photo.byteLength, {
      station: "11",
      kind: "photo",
    });
    expect(created.status, created.text).toBe(201);
    const path = new URL(created.location ?? "").pathname;
    expect(path).toMatch(/^\/g\/rally\/api\/game\/uploads\//);
    const here = new Uploads(`${one.url}/g/rally`, hash);
    // The other instance's game reports where its uploads are within a second of its start.
    let first = await here.send(`${one.url}${path}`, photo.subarray(0, half), 0);
    await until(async () => {
      if (first.status !== 404) return true;
      first = await here.send(`${one.url}${path}`, photo.subarray(0, half), 0);
      return first.status !== 404;
    }, 5000);
    expect([first.status, first.offset]).toEqual([204, half]);
    const last = await here.send(`${one.url}${path}`, photo.subarray(half), half);
    expect(last.status, last.text).toBe(204);
    expect(last.submission).toBeGreaterThan(0);
    events.close();
  });

  it("plays the game's preview started on one instance through the other", async () => {
    const started = await opsCall(
      { url: `${one.url}/g/rally` },
      TOKEN,
      "POST",
      "/pack/draft/preview",
      {
        desk: true,
      },
    );
    const outcome = opsPreviewOutcome.parse(JSON.parse(started.text));
    const path = outcome.ok ? outcome.path : "";
    expect(path).toMatch(/^\/g\/rally\/preview\/[\w-]+\/webapp\/$/);
    const base = path.slice(0, -"/webapp/".length);
    let title = "";
    await until(async () => {
      title = await titleOn(two, base).catch(() => "");
      return title !== "";
    }, 5000);
    expect(title).toBe(await titleOn(one, "/g/rally"));
    // A player of the preview signs up through the other instance, in the preview's own game.
    await new Api(`${two.url}${base}`).optin();
  });
});
