import { randomBytes } from "node:crypto";
import { rename } from "node:fs/promises";
import { join } from "node:path";
import { submissionQueueResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = randomBytes(24).toString("hex");

/**
 * A submission waiting at a station that a new live version no longer has: the hosts' queue
 * says so, a verdict is refused with that reason (not "no mission expected"), and the version
 * that has the station again makes it judgeable, the dialogue going on.
 */
describe.each(dialects)("a submission at a withdrawn station on $name", (dialect) => {
  let db: TestDatabase;
  let dir: { dir: string; remove(): Promise<void> };
  let app: TestApp;

  beforeAll(async () => {
    db = await dialect.open();
    dir = await tempDir();
    app = await startApp({
      ...db.where,
      pack: await missionPack(dir.dir),
      config: { operatorToken: TOKEN },
    });
  });

  afterAll(async () => {
    await app.close();
    await dir.remove();
    await db.done();
  });

  const queue = async () =>
    submissionQueueResponse.parse((await opsCall(app, TOKEN, "GET", "/submissions")).json).value
      .Waiting;
  const reload = async () =>
    expect((await opsCall(app, TOKEN, "POST", "/content/reload", {})).status).toBe(200);

  it("is named as withdrawn, refused in words, and judged once the station is back", async () => {
    const api = new Api(app.url);
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: 11, Hash: hash });
    await events.until("mission-expected");
    const sent = await new Uploads(app.url, hash).upload(await phonePhoto(), {
      station: "11",
      kind: "photo",
    });
    expect(sent.status, sent.text).toBe(204);

    const folder = join(dir.dir, "feature-pack/stations/11-drache");
    const away = join(dir.dir, "11-drache");
    await rename(folder, away);
    await reload();
    expect((await queue()).find((item) => item.ID === sent.submission)).toMatchObject({
      StationID: 11,
      Station: "",
      StationGone: true,
    });
    const refused = await opsCall(app, TOKEN, "POST", `/submissions/${sent.submission}/verdict`, {
      Approved: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toBe("station not in the live version");

    await rename(away, folder);
    await reload();
    const back = (await queue()).find((item) => item.ID === sent.submission);
    expect(back?.Station).not.toBe("");
    expect(back?.StationGone).toBeUndefined();
    const judged = await opsCall(app, TOKEN, "POST", `/submissions/${sent.submission}/verdict`, {
      Approved: true,
    });
    expect(judged.status).toBe(200);
    // The dialogue goes on: the approval's reply arrives (within a bounded number of events).
    const said: string[] = [];
    for (let turn = 0; turn < 10 && !said.some((data) => data.includes("Genau der!")); turn++) {
      said.push(...(await events.until("webtext")).map((message) => message.data));
    }
    expect(said.some((data) => data.includes("Genau der!"))).toBe(true);
    events.close();
  });
});
