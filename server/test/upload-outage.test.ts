import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionsResponse } from "@wegmarke/protocol";
import { Api } from "./support/api";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { startCluster } from "./support/throwaway-postgres";
import type { Cluster } from "./support/throwaway-postgres";

/**
 * A fault test: the PostgreSQL of the test's own stops while an upload's last piece makes the
 * submission, and starts again.
 */
let cluster: Cluster;
let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;

beforeAll(async () => {
  cluster = await startCluster();
  dir = await tempDir();
  app = await startApp({
    database: { kind: "postgres", url: cluster.url },
    pack: await missionPack(dir.dir),
  });
}, 60_000);

afterAll(async () => {
  await app.close();
  await cluster.remove();
  await dir.remove();
}, 60_000);

describe("a PostgreSQL outage while an upload finishes", () => {
  it("answers 503 without the database's address and keeps the upload for the next try", async () => {
    const api = new Api(app.url);
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: 11, Hash: hash });
    await events.until("mission-expected");
    events.close();
    const uploads = new Uploads(app.url, hash);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, { station: "11", kind: "photo" });
    const location = created.location ?? "";
    const head = photo.byteLength - 100;
    expect((await uploads.send(location, photo.subarray(0, head), 0)).status).toBe(204);

    await cluster.stop("fast");
    const failed = await uploads.send(location, photo.subarray(head), head);
    expect([failed.status, failed.text]).toEqual([503, "try again in a moment"]);
    expect(failed.text).not.toContain(new URL(cluster.url).port);

    await cluster.start();
    // The client resumes: its HEAD finds the whole upload, which becomes the submission.
    const resumed = await fetch(location, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${hash}` },
    });
    expect(resumed.status).toBe(200);
    const id = Number(resumed.headers.get("wegmarke-submission"));
    const gallery = await fetch(`${app.url}/api/game/submissions?hash=${hash}`);
    const sent = submissionsResponse.parse(await gallery.json()).value;
    expect(sent.map((submission) => submission.ID)).toEqual([id]);
  }, 60_000);
});
