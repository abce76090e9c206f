import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import {
  auditPage,
  opsActivity,
  opsNews,
  opsNewsAudience,
  opsNewsList,
  opsOverview,
  opsPlayersPage,
  opsRecentActivity,
  opsReloadOutcome,
  serverEventSchemas,
} from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { MAX_BUFFERED_BYTES } from "../src/events/stream-hub";
import { anonymousPlayerName } from "../src/game/scoreboard/display-names";
import { IDLE_AFTER_MS } from "../src/operator-views/figures";
import { Api } from "./support/api";
import { formulaCells, rfc4180 } from "./support/spreadsheet";
import { SseClient } from "./support/sse-client";
import type { SseMessage } from "./support/sse-client";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The operators' API on both databases, as the console uses it: the overview and its station
 * funnel, the live stream's activity, the player list with cancel, news to every player (open
 * streams at once, offline players on their next visit), the export, and the content reload.
 */

const TOKEN = "console-token-".padEnd(48, "c");
const BEARER = { authorization: `Bearer ${TOKEN}` };

describe.each(dialects)("the operators' console API ($name)", (dialect) => {
  const clock = { ms: Date.UTC(2026, 10, 25, 9), now: () => new Date(clock.ms) };
  let db: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let app: TestApp;
  let api: Api;

  async function ops(method: string, path: string, body?: unknown, auth = true) {
    const response = await fetch(`${app.url}/api/ops${path}`, {
      method,
      headers: {
        ...(auth && BEARER),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text(), response };
  }

  async function opsJson(method: string, path: string, body?: unknown): Promise<unknown> {
    const { status, text } = await ops(method, path, body);
    expect(status, text).toBe(200);
    return JSON.parse(text);
  }

  /** A CSV answer as it is, byte order mark included. */
  const csvOf = async (response: Response) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

  const overview = async () => opsOverview.parse(await opsJson("GET", "/overview"));
  const station1 = async () => (await overview()).stations.find((s) => s.id === 1);

  const news = (message: SseMessage | undefined) =>
    serverEventSchemas.news.parse(JSON.parse(message?.data ?? "null")).News;

  beforeAll(async () => {
    db = await dialect.open();
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    app = await startApp({
      ...db.where,
      pack: await loadContentPack(packDir.dir),
      clock,
      config: { operatorToken: TOKEN },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await packDir.remove();
    await db.done();
  });

  it("answers 401 to each of its calls without an operator's credentials", async () => {
    for (const [method, path] of [
      ["GET", "/overview"],
      ["GET", "/map"],
      ["GET", "/live"],
      ["GET", "/players"],
      ["POST", "/players/1/stations/1/cancel"],
      ["GET", "/news"],
      ["GET", "/news/audience"],
      ["POST", "/news"],
      ["DELETE", "/news/1"],
      ["GET", "/export.csv"],
      ["POST", "/content/reload"],
    ] as const) {
      const { status, text } = await ops(method, path, method === "GET" ? undefined : {}, false);
      expect([method, path, status, text]).toEqual([
        method,
        path,
        401,
        "operator sign-in required",
      ]);
    }
  });

  it("shows a player's station live and counts the funnel: started, wrong answers, done, time", async () => {
    const before = await station1();
    const console = await SseClient.connect(`${app.url}/api/ops/live`, BEARER);
    try {
      expect(
        opsOverview.parse(JSON.parse((await console.until("overview")).at(-1)?.data ?? "")),
      ).toBeTruthy();
      const hash = await api.optin();
      await api.game("station/activate", { StationID: 1, Hash: hash });
      const activated = opsActivity.parse(
        JSON.parse((await console.until("activity")).at(-1)?.data ?? ""),
      );
      expect(activated).toMatchObject({ kind: "activated", stationId: 1, title: "Der Marktplatz" });
      expect(activated.who).toMatch(/^Wanderer \d{4}$/);
      expect((await station1())?.running).toBe((before?.running ?? 0) + 1);

      clock.ms += 30_000;
      await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
      clock.ms += 65_000;
      await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: hash });
      const done = opsActivity.parse(
        JSON.parse((await console.until("activity")).at(-1)?.data ?? ""),
      );
      expect(done).toMatchObject({
        kind: "done",
        who: activated.who,
        title: "Der Marktplatz",
        points: 3,
        maxPoints: 3,
      });
      const after = await station1();
      expect(after).toMatchObject({
        activated: (before?.activated ?? 0) + 1,
        done: (before?.done ?? 0) + 1,
        running: before?.running ?? 0,
        wrongAnswers: (before?.wrongAnswers ?? 0) + 1,
        maxPoints: 3,
      });
      if ((before?.done ?? 0) === 0) expect(after?.averageSecondsToDone).toBe(95);
      // The figures changed: the console gets the overview again without asking.
      const pushed = opsOverview.parse(
        JSON.parse((await console.until("overview", 8000)).at(-1)?.data ?? ""),
      );
      expect(pushed.stations.find((s) => s.id === 1)?.done).toBe(after?.done);
    } finally {
      console.close();
    }
  });

  it("lists players by name with a masked phone number, and frees a stuck one", async () => {
    const { token } = await api.register("0171 2345678", "+491712345678", "Henrike");
    const stream = await api.events(token);
    await stream.next();
    await api.game("station/activate", { StationID: 2, Hash: token });
    await stream.until("playerstatus");

    const page = opsPlayersPage.parse(await opsJson("GET", "/players?q=henri"));
    expect(page.total).toBe(1);
    const [henrike] = page.players;
    expect(henrike).toMatchObject({
      name: "Henrike",
      phone: "••• ••• 78",
      team: null,
      currentStation: { id: 2 },
      online: true,
    });
    expect(JSON.stringify(page)).not.toContain("2345678");
    const id = henrike?.id ?? 0;
    expect(opsPlayersPage.parse(await opsJson("GET", `/players?q=%23${id}`)).players).toEqual([
      henrike,
    ]);
    const anonymous = opsPlayersPage.parse(await opsJson("GET", "/players?q=wanderer"));
    expect(anonymous.players.every((p) => p.name.startsWith("Wanderer") && p.phone === null)).toBe(
      true,
    );

    expect(await ops("POST", `/players/${id}/stations/2/cancel`, {})).toMatchObject({
      status: 200,
    });
    const [status] = (await stream.until("playerstatus")).slice(-1);
    expect(JSON.parse(status?.data ?? "").CurrentStation).toBe(0);
    expect(await ops("POST", `/players/${id}/stations/2/cancel`, {})).toMatchObject({
      status: 409,
      text: "the player does not run this station",
    });
    expect((await ops("POST", "/players/999999/stations/2/cancel", {})).status).toBe(404);
    expect((await ops("POST", `/players/${id}/stations/999/cancel`, {})).status).toBe(404);
    expect((await ops("POST", `/players/x/stations/2/cancel`, {})).status).toBe(400);
    stream.close();
    const audit = auditPage.parse(await opsJson("GET", "/audit?limit=5"));
    expect(audit.entries[0]).toMatchObject({
      via: "token",
      action: "station.cancel",
      detail: `player ${id}, station 2`,
    });
  });

  it("sends news to every open stream at once and to offline players on their next visit", async () => {
    const online = await api.optin();
    const current = opsNewsList
      .parse(await opsJson("GET", "/news"))
      .news.filter((item) => item.withdrawnAt === null);
    const stream = await api.events(online);
    expect((await stream.next()).event).toBe("playerstatus");
    // No news yet: nothing follows the opening status.
    if (current.length === 0) expect(await stream.drain(200)).toEqual([]);
    else expect(news((await stream.until("news")).at(-1))).toHaveLength(current.length);
    const before = current.length;
    const offline = await api.optin();

    expect(await ops("POST", "/news", { text: { de: "Nur Deutsch" } })).toMatchObject({
      status: 400,
    });
    expect(
      await ops("POST", "/news", { text: { de: "Hallo", en: "Hello" }, stationId: 999 }),
    ).toMatchObject({ status: 400, text: "no such station" });

    const sent = opsNews.parse(
      await opsJson("POST", "/news", {
        text: { de: "Der Turm schließt um 18 Uhr.", en: "The tower closes at 6 pm." },
        stationId: 3,
      }),
    );
    expect(sent).toMatchObject({ operator: null, stationId: 3, withdrawnAt: null });
    const live = news((await stream.until("news")).at(-1));
    expect(live).toHaveLength(before + 1);
    expect(live[0]).toMatchObject({
      ID: sent.id,
      Text: { de: "Der Turm schließt um 18 Uhr.", en: "The tower closes at 6 pm." },
      StationID: 3,
    });

    const later = await api.events(offline);
    const [status, ...rest] = await later.until("news");
    expect(status?.event).toBe("playerstatus");
    expect(news(rest.at(-1))[0]?.ID).toBe(sent.id);
    later.close();

    expect(opsNewsList.parse(await opsJson("GET", "/news")).news[0]).toEqual(sent);
    const withdrawn = opsNews.parse(await opsJson("DELETE", `/news/${sent.id}`));
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect(news((await stream.until("news")).at(-1)).map((item) => item.ID)).not.toContain(sent.id);
    expect((await ops("DELETE", "/news/999999")).status).toBe(404);
    stream.close();

    const actions = auditPage
      .parse(await opsJson("GET", "/audit?limit=3"))
      .entries.map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(["news.withdraw", "news.send"]);
  });

  it("exports one row per player with points, each station's time and the stories opened", async () => {
    await api.optin();
    const { token } = await api.register("0171 5550001", "+491715550001", "=SUM(A1)");
    clock.ms += 1000;
    await api.game("station/activate", { StationID: 1, Hash: token });
    clock.ms += 125_000;
    await api.game("player/answer", { StationID: 1, Answer: "Hahn", Hash: token });

    const response = await fetch(`${app.url}/api/ops/export.csv`, { headers: BEARER });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte order mark: spreadsheets read the umlauts right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="wegmarke-players-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.split("\r\n")[0]?.split(",").slice(0, 6)).toEqual([
      "id",
      "name",
      "team",
      "points",
      "stations done",
      "Der Marktplatz (time)",
    ]);
    const rows = text.trim().split("\r\n");
    const players = opsPlayersPage.parse(await opsJson("GET", "/players?limit=200"));
    expect(rows).toHaveLength(players.total + 1);
    // A name a spreadsheet would run as a formula is written as text.
    const row = rows.find((line) => line.includes("'=SUM(A1)"));
    expect(row?.split(",").slice(3, 6)).toEqual(["3", "1", "0:02:05"]);
    const anonymous = rows.find((line) => line.split(",")[1]?.startsWith("Wanderer"));
    const anonymousId = Number(anonymous?.split(",")[0]);
    expect(anonymous?.split(",")[1]).toBe(anonymousPlayerName(anonymousId));
  });

  it("exports per player and station the times in the zone asked for, points, wrong answers and answers given", async () => {
    const { token } = await api.register("0171 5550002", "+491715550002", "Dora;=1+1;");
    clock.ms = Date.UTC(2026, 10, 25, 12, 0, 0);
    await api.game("station/activate", { StationID: 1, Hash: token });
    clock.ms += 20_000;
    await api.game("player/answer", { StationID: 1, Answer: "@SUM(1);-2,+3", Hash: token });
    clock.ms += 45_000;
    await api.game("player/answer", { StationID: 1, Answer: "Gockel", Hash: token });
    await api.game("station/activate", { StationID: 2, Hash: token });

    const get = (query: string) =>
      fetch(`${app.url}/api/ops/export.csv?${query}`, { headers: BEARER });
    const response = await get("table=stations&separator=semicolon&timeZone=Europe/Berlin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="wegmarke-stations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await csvOf(response);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(formulaCells(text)).toEqual([]);
    const [header, ...rows] = rfc4180(text.slice(1), ";");
    expect(header).toEqual([
      "player id",
      "name",
      "team",
      "station id",
      "station",
      "status",
      "started (Europe/Berlin)",
      "done (Europe/Berlin)",
      "time taken",
      "points",
      "max points",
      "wrong answers",
      "hints used",
      "answers given",
    ]);
    const dora = rows.filter((row) => row[1] === "Dora;'=1+1;");
    expect(dora.map((row) => row.slice(3))).toEqual([
      [
        "1",
        "Der Marktplatz",
        "done",
        "2026-11-25 13:00:00",
        "2026-11-25 13:01:05",
        "0:01:05",
        "3",
        "3",
        "1",
        "0",
        "'@SUM(1);'-2,'+3 | Gockel",
      ],
      [
        "2",
        expect.any(String),
        "running",
        "2026-11-25 13:01:05",
        "",
        "",
        "0",
        expect.any(String),
        "0",
        "0",
        "",
      ],
    ]);

    // The players' table: every separator offered, the last time seen in the zone asked for.
    for (const [separator, char] of [
      ["comma", ","],
      ["semicolon", ";"],
      ["tab", "\t"],
    ] as const) {
      const players = await csvOf(await get(`separator=${separator}&timeZone=Europe/Berlin`));
      expect(formulaCells(players)).toEqual([]);
      const [head, ...lines] = rfc4180(players.slice(1), char);
      expect(head?.at(-1)).toBe("last seen (Europe/Berlin)");
      expect(lines.find((row) => row[1] === "Dora;'=1+1;")?.slice(3, 6)).toEqual([
        "3",
        "1",
        "0:01:05",
      ]);
    }
    for (const query of ["separator=pipe", "timeZone=Mars/Olympus", "table=answers"]) {
      const refused = await get(query);
      expect([query, refused.status]).toEqual([query, 400]);
    }
  });

  it("tells how many players news reach, by the language they play in", async () => {
    const before = opsNewsAudience.parse(await opsJson("GET", "/news/audience"));
    await api.optin("de-formal");
    await api.optin("en");
    const after = opsNewsAudience.parse(await opsJson("GET", "/news/audience"));
    expect(after.players).toBe(before.players + 2);
    expect(after.byLanguage).toEqual({
      de: before.byLanguage.de,
      "de-formal": before.byLanguage["de-formal"] + 1,
      en: before.byLanguage.en + 1,
    });
    const players = opsPlayersPage.parse(await opsJson("GET", "/players?limit=1")).total;
    expect(after.players).toBe(players);
  });

  it("reloads the pack: a broken one is refused with its problems, a valid one replaces it", async () => {
    const script = join(packDir.dir, "stations/1-marktplatz/script.de.ink");
    const good = await readFile(script, "utf8");
    await writeFile(script, "VAR points = 0\nHallo.\n-> nirgendwo\n");
    const refused = await ops("POST", "/content/reload", {});
    expect(refused.status).toBe(422);
    const problems = opsReloadOutcome.parse(JSON.parse(refused.text));
    expect(problems.ok).toBe(false);
    if (!problems.ok) {
      expect(problems.problems.some((p) => p.file.includes("1-marktplatz"))).toBe(true);
    }

    await writeFile(script, good.replace("Hallo!", "Grüß dich!"));
    const reloaded = opsReloadOutcome.parse(await opsJson("POST", "/content/reload", {}));
    expect(reloaded).toMatchObject({ ok: true, warnings: [] });

    // A missing translation is a warning: the pack runs, the console shows it.
    await rm(join(packDir.dir, "stations/2-schloss/script.en.ink"));
    const warned = opsReloadOutcome.parse(await opsJson("POST", "/content/reload", {}));
    expect(warned.ok && warned.warnings.map((w) => w.file)).toEqual([
      "stations/2-schloss/station.yaml",
    ]);
    const audit = auditPage.parse(await opsJson("GET", "/audit?limit=3"));
    expect(audit.entries.map((entry) => [entry.action, entry.detail?.split(" ")[0]])).toEqual([
      ["content.reload", "version"],
      ["content.reload", "version"],
      ["content.reload", "refused:"],
    ]);
  });

  it("counts a station cancelled and started again as cancelled once, and one left alone as idle", async () => {
    const station = async (id: number) => (await overview()).stations.find((s) => s.id === id);
    const before = await station(1);
    const hash = await api.optin();
    for (const path of ["activate", "cancel", "activate", "cancel", "activate"]) {
      await api.game(`station/${path}`, { StationID: 1, Hash: hash });
    }
    expect(await station(1)).toMatchObject({
      activated: (before?.activated ?? 0) + 1,
      running: (before?.running ?? 0) + 1,
      cancelled: (before?.cancelled ?? 0) + 1,
    });
    // Half an hour without an input or a message: the browser was closed, the run is idle.
    clock.ms += IDLE_AFTER_MS + 1000;
    const later = await station(1);
    expect(later).toMatchObject({ running: 0, cancelled: (before?.cancelled ?? 0) + 1 });
    expect(later?.idle).toBe((before?.idle ?? 0) + (before?.running ?? 0) + 1);
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    expect((await station(1))?.running).toBe(1);
  });

  it("opens the console's feed with what happened in the last hour", async () => {
    const early = await api.optin();
    await api.game("station/activate", { StationID: 5, Hash: early });
    clock.ms += 2 * 60 * 60 * 1000;
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 5, Hash: hash });
    clock.ms += 60_000;
    await api.game("station/cancel", { StationID: 5, Hash: hash });
    const console = await SseClient.connect(`${app.url}/api/ops/live`, BEARER);
    try {
      const recent = (await console.until("recent")).at(-1);
      const { activity } = opsRecentActivity.parse(JSON.parse(recent?.data ?? ""));
      const hourAgo = clock.ms - 60 * 60 * 1000;
      expect(activity.every((item) => Date.parse(item.at) >= hourAgo)).toBe(true);
      expect(activity.slice(0, 2)).toEqual([
        expect.objectContaining({
          kind: "cancelled",
          stationId: 5,
          at: new Date(clock.ms).toISOString(),
        }),
        expect.objectContaining({ kind: "activated", stationId: 5, title: "Die Alte Universität" }),
      ]);
      expect(activity[0]?.who).toBe(activity[1]?.who);
      expect(activity.filter((item) => item.stationId === 5)).toHaveLength(2);
    } finally {
      console.close();
    }
  });

  it("drops a console that stops reading, as it drops a player's stream", async () => {
    // A console that sends its request and then reads nothing.
    const stalled = connect({ host: "127.0.0.1", port: Number(new URL(app.url).port) });
    stalled.write(
      `GET /api/ops/live HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER.authorization}\r\n\r\n`,
    );
    stalled.pause();
    stalled.on("error", () => undefined);
    // Each item sends every item to the consoles again: some 36 MB for 150 long ones.
    const text = (n: number) => ({ de: `${n} ${"ä".repeat(990)}`, en: `${n} ${"e".repeat(990)}` });
    for (let n = 0; n < 150; n++) await opsJson("POST", "/news", { text: text(n) });

    let received = 0;
    stalled.on("data", (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise<boolean>((resolve) => {
      stalled.once("end", () => resolve(true));
      setTimeout(() => resolve(false), 10_000).unref();
    });
    stalled.resume();
    expect(await ended).toBe(true);
    // What the kernel's buffers took, and at most the bound held by the server.
    expect(received).toBeLessThan(12 * 1024 * 1024 + MAX_BUFFERED_BYTES);
    stalled.destroy();
  }, 60_000);
});
