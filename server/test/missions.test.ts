import { randomBytes } from "node:crypto";
import {
  auditPage,
  serverEventSchemas,
  submissionQueueResponse,
  submissionsResponse,
  teamInviteResponse,
} from "@wegmarke/protocol";
import type { Submission } from "@wegmarke/protocol";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { missionPack, phonePhoto, recording, Uploads } from "./support/missions";
import { opsCall, until } from "./support/ops-client";
import type { SseMessage } from "./support/sse-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const TOKEN = randomBytes(24).toString("hex");

const submissionEvents = (messages: SseMessage[]) =>
  messages
    .filter((message) => message.event === "submission")
    .map((message) => serverEventSchemas.submission.parse(JSON.parse(message.data)));

const lines = (messages: SseMessage[]) =>
  messages
    .filter((message) => message.event === "webtext")
    .map((message) => serverEventSchemas.webtext.parse(JSON.parse(message.data)).Text);

describe.each(dialects)("missions on $name", (dialect) => {
  let db: TestDatabase;
  let dir: { dir: string; remove(): Promise<void> };
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    db = await dialect.open();
    dir = await tempDir();
    app = await startApp({
      ...db.where,
      pack: await missionPack(dir.dir),
      config: { operatorToken: TOKEN },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await dir.remove();
    await db.done();
  });

  /** A new player at `stationId`, its stream open and caught up with the mission's question. */
  async function atMission(stationId: number) {
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: stationId, Hash: hash });
    await events.until("mission-expected");
    return { hash, events, uploads: new Uploads(app.url, hash) };
  }

  async function gallery(hash: string): Promise<Submission[]> {
    const response = await fetch(`${app.url}/api/game/submissions?hash=${hash}`);
    expect(response.status).toBe(200);
    return submissionsResponse.parse(await response.json()).value;
  }

  const judge = (id: number, verdict: Record<string, unknown>) =>
    opsCall(app, TOKEN, "POST", `/submissions/${id}/verdict`, verdict);

  async function fetchFile(link: string) {
    const response = await fetch(`${app.url}${link}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("takes a photo in pieces, keeps it upright without EXIF, and a host's approval goes on with the dialogue", async () => {
    const { hash, events, uploads } = await atMission(11);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, {
      station: "11",
      kind: "photo",
      filename: "IMG_0001.jpg",
      filetype: "image/jpeg",
    });
    expect(created.status, created.text).toBe(201);
    const location = created.location ?? "";
    // The network drops after the first half: the app asks how far it got and goes on.
    const half = Math.floor(photo.byteLength / 2);
    expect((await uploads.send(location, photo.subarray(0, half), 0)).offset).toBe(half);
    expect(await uploads.offset(location)).toEqual({ status: 200, offset: half });
    const sent = await uploads.send(location, photo.subarray(half), half);
    expect(sent.status, sent.text).toBe(204);
    expect(sent.submission).toBeGreaterThan(0);

    const [arrived] = submissionEvents(await events.until("submission"));
    expect(arrived).toMatchObject({ StationID: 11, ID: sent.submission, State: "waiting" });

    const [mine] = await gallery(hash);
    expect(mine).toMatchObject({ ID: sent.submission, Kind: "photo", State: "waiting" });
    const { response, bytes } = await fetchFile(mine?.Url ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="wegmarke-/);
    const kept = await sharp(bytes).metadata();
    // Upright (the phone held it turned), and nothing of the camera's EXIF, GPS included.
    expect([kept.width, kept.height, kept.orientation, kept.exif]).toEqual([
      900,
      1200,
      undefined,
      undefined,
    ]);
    expect(bytes.includes(Buffer.from("TestPhone"))).toBe(false);
    const thumb = await fetchFile(mine?.ThumbUrl ?? "");
    expect((await sharp(thumb.bytes).metadata()).height).toBe(480);

    const queue = await opsCall(app, TOKEN, "GET", "/submissions");
    const waiting = submissionQueueResponse.parse(queue.json).value.Waiting;
    expect(waiting.find((item) => item.ID === sent.submission)).toMatchObject({
      Station: "S11",
      Task: "Der Drache am Marktbrunnen",
      MissionPoints: 3,
    });

    // Two hosts at once: one verdict counts, the other hears that it came second.
    const said = ["Wunderbar, genau der Drache!", "Ja, das ist er."];
    const verdicts = await Promise.all(
      said.map((line) => judge(sent.submission, { Approved: true, Points: 2, Line: line })),
    );
    expect(verdicts.map((v) => v.status).sort()).toEqual([200, 409]);
    expect(verdicts.find((v) => v.status === 409)?.text).toBe("submission judged");
    const winner = said[verdicts.findIndex((v) => v.status === 200)];

    const after = await events.until("playerstatus");
    expect(submissionEvents(after).map((event) => event.State)).toEqual(["approved"]);
    expect(lines(after)).toEqual([winner, "Genau der!", "Weiter zum Schloss!"]);
    const status = serverEventSchemas.playerstatus.parse(JSON.parse(after.at(-1)?.data ?? ""));
    expect(status.TotalPoints).toBe(2);
    expect((await gallery(hash))[0]).toMatchObject({ State: "approved", Points: 2 });
    const left = await opsCall(app, TOKEN, "GET", "/submissions");
    const queued = submissionQueueResponse.parse(left.json).value.Waiting;
    expect(queued.map((item) => item.ID)).not.toContain(sent.submission);
    events.close();
  });

  it("shows hosts and the audit the points the player gets: a mission's, at most its station's", async () => {
    const { events, uploads } = await atMission(14);
    const sent = await uploads.upload(await phonePhoto(), { station: "14", kind: "photo" });
    expect(sent.status, sent.text).toBe(204);
    const queue = await opsCall(app, TOKEN, "GET", "/submissions");
    const waiting = submissionQueueResponse.parse(queue.json).value.Waiting;
    // The mission says #points: 2; the station gives 1.
    expect(waiting.find((item) => item.ID === sent.submission)).toMatchObject({
      Task: "Der Turm, von unten",
      MissionPoints: 1,
      StationPoints: 1,
    });
    expect((await judge(sent.submission, { Approved: true, Points: 2 })).status).toBe(200);
    const after = await events.until("playerstatus");
    const status = serverEventSchemas.playerstatus.parse(JSON.parse(after.at(-1)?.data ?? ""));
    expect(status.TotalPoints).toBe(1);
    const audit = auditPage.parse((await opsCall(app, TOKEN, "GET", "/audit?limit=200")).json);
    expect(audit.entries.map((entry) => entry.detail)).toContain(
      `submission ${sent.submission}: approved, 1 point (2 given)`,
    );
    events.close();
  });

  it("takes the rejected way on a rejection, and a second photo may follow", async () => {
    const { events, uploads } = await atMission(11);
    const photo = await phonePhoto();
    const first = await uploads.upload(photo, { station: "11", kind: "photo" });
    expect(first.status, first.text).toBe(204);
    // One at a time: the first still waits for a host.
    expect((await uploads.create(photo.byteLength, { station: "11", kind: "photo" })).text).toBe(
      "submission waiting",
    );
    expect(
      (await judge(first.submission, { Approved: false, Line: "Das ist ein Löwe." })).status,
    ).toBe(200);
    const after = await events.until("mission-expected");
    expect(submissionEvents(after).at(-1)?.State).toBe("rejected");
    expect(lines(after)).toEqual(["Das ist ein Löwe.", "Such weiter!"]);
    const second = await uploads.upload(photo, { station: "11", kind: "photo" });
    expect(second.status, second.text).toBe(204);
    expect(second.submission).not.toBe(first.submission);
    events.close();
  });

  it("approves a voice recording of an #auto mission as it arrives, within its length", async () => {
    const { hash, events, uploads } = await atMission(12);
    const tooLong = await uploads.upload(recording(25), { station: "12", kind: "voice" });
    expect([tooLong.status, tooLong.text]).toEqual([422, "recording too long"]);
    const sent = await uploads.upload(recording(3), { station: "12", kind: "voice" });
    expect(sent.status, sent.text).toBe(204);
    const after = await events.until("playerstatus");
    expect(submissionEvents(after).map((event) => event.State)).toEqual(["approved"]);
    expect(lines(after)).toEqual(["Schön!"]);
    const [voice] = await gallery(hash);
    expect(voice).toMatchObject({ Kind: "voice", State: "approved", Points: 2, Seconds: 3 });
    const { response } = await fetchFile(voice?.Url ?? "");
    expect(response.headers.get("content-type")).toBe("audio/wav");
    // A player seeking in it gets the bytes asked for.
    const part = await fetch(`${app.url}${voice?.Url ?? ""}`, { headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-3/${recording(3).byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe("RIFF");
    events.close();
  });

  it("refuses a file that lies about its type, one over the limit, and one for no mission", async () => {
    const { events, uploads } = await atMission(11);
    const page = Buffer.from("<html><script>alert(1)</script></html>");
    const lie = await uploads.upload(page, {
      station: "11",
      kind: "photo",
      filename: "dragon.jpg",
      filetype: "image/jpeg",
    });
    expect([lie.status, lie.text]).toEqual([415, "unsupported file"]);
    const photoAsVoice = await uploads.create(100, { station: "11", kind: "voice" });
    expect([photoAsVoice.status, photoAsVoice.text]).toEqual([409, "no mission expected"]);
    const huge = await uploads.create(26 * 1024 * 1024, { station: "11", kind: "photo" });
    expect([huge.status, huge.text]).toEqual([413, "file too large"]);
    const elsewhere = await uploads.create(100, { station: "12", kind: "voice" });
    expect([elsewhere.status, elsewhere.text]).toEqual([409, "no mission expected"]);
    const bad = await uploads.create(100, { station: "elf", kind: "photo" });
    expect(bad.status).toBe(400);
    const anonymous = await new Uploads(app.url, "no-such-token").create(100, {
      station: "11",
      kind: "photo",
    });
    expect([anonymous.status, anonymous.text]).toEqual([401, "invalid hash"]);
    // The refused one left nothing: the player may still send the photo.
    const photo = await uploads.upload(await phonePhoto(), { station: "11", kind: "photo" });
    expect(photo.status, photo.text).toBe(204);
    events.close();
  });

  it("erases what a member sent with their account, and only that", async () => {
    const anna = await api.optin();
    const invite = await api.post("/api/game/team/invite", { Hash: anna });
    const code = teamInviteResponse.parse(await invite.json()).value;
    const ben = await api.optin();
    const query = new URLSearchParams({ hash: ben, tjr: code }).toString();
    expect((await fetch(`${app.url}/api/game/team/join?${query}`)).status).toBe(200);
    const events = await api.events(ben);
    await api.game("station/activate", { StationID: 11, Hash: anna });
    await events.until("mission-expected");
    const photo = await phonePhoto();
    const fromAnna = await new Uploads(app.url, anna).upload(photo, {
      station: "11",
      kind: "photo",
    });
    expect(fromAnna.status, fromAnna.text).toBe(204);
    const [shown] = submissionEvents(await events.until("submission"));
    expect(shown?.Name).toBeDefined();
    // Ben sees Anna's photo in the team's gallery.
    const [listed] = await gallery(ben);
    expect(listed?.ID).toBe(fromAnna.submission);
    const row = await app.store.repos.submissions.byId(fromAnna.submission);
    const files = row?.files ?? "";
    expect(await app.store.repos.blobs.get(`${files}file`)).toBeDefined();

    expect(
      await api.post("/api/game/outro/activate", { Skip: true, Hash: anna }).then((r) => r.json()),
    ).toEqual({ value: "ok" });
    expect(await gallery(ben)).toEqual([]);
    expect((await fetch(`${app.url}${listed?.Url ?? ""}`)).status).toBe(404);
    await until(async () => (await app.store.repos.blobs.get(`${files}file`)) === undefined, 5000);
    expect(await app.store.repos.blobs.get(`${files}thumb`)).toBeUndefined();
    // The sweep forgets the prefix just after it deleted the files.
    await until(async () => (await app.store.repos.submissions.erasedFiles(10)).length === 0, 5000);
    // The team's thread still shows that a member sent a photo, no longer who.
    const again = await api.events(ben);
    const backlog = submissionEvents(await again.drain(500));
    expect(backlog.map((event) => [event.ID, event.Name])).toEqual([
      [fromAnna.submission, undefined],
    ]);
    again.close();
    events.close();
  });

  it("exports every submission as a zip: a folder per participant and station, and an index", async () => {
    const { hash, events, uploads } = await atMission(11);
    const sent = await uploads.upload(await phonePhoto(), { station: "11", kind: "photo" });
    expect(sent.status, sent.text).toBe(204);
    await judge(sent.submission, { Approved: true, Points: 1, Line: "=1+1 Prima" });
    const [mine] = await gallery(hash);
    const response = await fetch(
      `${app.url}/api/ops/submissions/export.zip?separator=semicolon&timeZone=Europe%2FBerlin`,
      { headers: { authorization: `Bearer ${TOKEN}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="wegmarke-submissions-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const photo = Object.keys(files).find((name) =>
      name.endsWith(`/S11/${sent.submission}-approved.jpg`),
    );
    expect(photo).toBeDefined();
    const kept = await fetch(`${app.url}${mine?.Url ?? ""}`);
    expect(
      Buffer.from(files[photo ?? ""] ?? []).equals(Buffer.from(await kept.arrayBuffer())),
    ).toBe(true);
    const index = strFromU8(files["index.csv"] ?? new Uint8Array()).replace(/^\uFEFF/, "");
    const [header, ...rows] = index.trim().split("\r\n");
    expect(header).toBe(
      "id;participant;sent by;station;task;kind;state;points;sent (Europe/Berlin);judged (Europe/Berlin);judged by;line;file",
    );
    const row = rows.find((line) => line.startsWith(`${sent.submission};`))?.split(";");
    expect(row?.slice(3, 8)).toEqual([
      "S11",
      "Der Drache am Marktbrunnen",
      "photo",
      "approved",
      "1",
    ]);
    // A host's line is text in a spreadsheet, never a formula.
    expect(row?.slice(10)).toEqual(["OPERATOR_TOKEN", "'=1+1 Prima", photo]);
    events.close();
  });

  it.skipIf(dialect.name !== "PostgreSQL")(
    "takes an upload's pieces on any instance, which hands them to the one that keeps them",
    async () => {
      const other = await startApp({ ...db.where, pack: await missionPack(dir.dir) });
      try {
        const { hash, events } = await atMission(11);
        const photo = await phonePhoto();
        const half = Math.floor(photo.byteLength / 2);
        // Created on one instance, its pieces sent to the other, as a load balancer may.
        const created = await new Uploads(other.url, hash).create(photo.byteLength, {
          station: "11",
          kind: "photo",
        });
        expect(created.status, created.text).toBe(201);
        const path = new URL(created.location ?? "").pathname;
        const here = new Uploads(app.url, hash);
        let first = await here.send(`${app.url}${path}`, photo.subarray(0, half), 0);
        // The other instance's address comes with its first report after it listens.
        await until(async () => {
          if (first.status !== 404) return true;
          first = await here.send(`${app.url}${path}`, photo.subarray(0, half), 0);
          return first.status !== 404;
        }, 5000);
        expect([first.status, first.offset]).toEqual([204, half]);
        expect(await here.offset(`${app.url}${path}`)).toEqual({ status: 200, offset: half });
        const last = await here.send(`${app.url}${path}`, photo.subarray(half), half);
        expect(last.status, last.text).toBe(204);
        expect(last.submission).toBeGreaterThan(0);
        const [arrived] = submissionEvents(await events.until("submission"));
        expect(arrived?.ID).toBe(last.submission);
        events.close();
      } finally {
        await other.close();
      }
    },
  );

  it("keeps a submission from everyone but its team and the hosts", async () => {
    const { hash, events, uploads } = await atMission(11);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, { station: "11", kind: "photo" });
    const location = created.location ?? "";
    // Another player can neither go on with the upload nor see how far it is.
    const stranger = await atMission(11);
    expect((await stranger.uploads.send(location, photo, 0)).status).toBe(404);
    expect((await stranger.uploads.offset(location)).status).toBe(404);
    const sent = await uploads.send(location, photo, 0);
    expect(sent.status, sent.text).toBe(204);
    expect(await gallery(stranger.hash)).toEqual([]);

    const [mine] = await gallery(hash);
    const link = new URL(mine?.Url ?? "", app.url);
    const guessed = link.pathname;
    expect((await fetch(`${app.url}${guessed}`)).status).toBe(400);
    const forged = new URL(link);
    forged.pathname = forged.pathname.replace(`/${sent.submission}/`, `/${sent.submission - 1}/`);
    expect((await fetch(forged)).status).toBe(403);
    const longer = new URL(link);
    longer.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 60));
    expect((await fetch(longer)).status).toBe(403);
    expect((await fetch(link)).status).toBe(200);
    events.close();
    stranger.events.close();
  });
});

describe("the retention of submissions", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const clock = { ms: Date.UTC(2026, 4, 1, 10), now: () => new Date(clock.ms) };
  let dir: { dir: string; remove(): Promise<void> };
  let app: TestApp;

  beforeAll(async () => {
    dir = await tempDir();
    app = await startApp({
      dbFile: `${dir.dir}/db.sqlite`,
      pack: await missionPack(dir.dir),
      clock,
    });
  });

  afterAll(async () => {
    await app.close();
    await dir.remove();
  });

  it("erases what was sent, files and all, 30 days after it came (the pack's default)", async () => {
    const api = new Api(app.url);
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 11, Hash: hash });
    const sent = await new Uploads(app.url, hash).upload(await phonePhoto(), {
      station: "11",
      kind: "photo",
    });
    expect(sent.status, sent.text).toBe(204);
    const files = (await app.store.repos.submissions.byId(sent.submission))?.files ?? "";
    clock.ms += 29 * DAY;
    await app.sweep();
    expect(await app.store.repos.submissions.byId(sent.submission)).toBeDefined();
    clock.ms += 2 * DAY;
    await app.sweep();
    expect(await app.store.repos.submissions.byId(sent.submission)).toBeUndefined();
    expect(await app.store.repos.blobs.get(`${files}file`)).toBeUndefined();
    expect(await app.store.repos.blobs.get(`${files}thumb`)).toBeUndefined();
  });
});
