import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressMatcher } from "../src/http/metrics-route";
import { Api } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { addGame } from "./support/games";
import type { SseClient } from "./support/sse-client";
import { createTestSchema } from "./support/postgres";
import type { TestSchema } from "./support/postgres";
import { startApp, tempDir } from "./support/test-app";
import type { StartOptions, TestApp } from "./support/test-app";

/** A stub SMS gateway that answers `status`. */
const gateway = { status: 200 };
const smsServer = createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(gateway.status).end());
});

let dir: { dir: string; remove(): Promise<void> };
let smsUrl: string;

beforeAll(async () => {
  dir = await tempDir();
  await new Promise<void>((resolve) => smsServer.listen(0, "127.0.0.1", resolve));
  smsUrl = `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/sms`;
});

afterAll(async () => {
  smsServer.closeAllConnections();
  smsServer.close();
  await dir.remove();
});

/** The samples of a Prometheus text: `name{labels}` -> value. */
function samples(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    map.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return map;
}

/** A GET of `path` as it is: fetch would mend a malformed one. */
function rawGet(app: TestApp, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${app.url}${path}`, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
  });
}

async function scrape(app: TestApp, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/metrics`, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

async function metrics(app: TestApp): Promise<Map<string, number>> {
  const { status, text } = await scrape(app);
  expect(status, text).toBe(200);
  return samples(text);
}

/** A sample's value; 0 when the series does not exist yet (a counter never incremented). */
const value = (m: Map<string, number>, series: string) => m.get(series) ?? 0;

const route = (method: string, path: string, status: number) =>
  `wegmarke_http_requests_total{game="default",method="${method}",route="${path}",status="${status}"}`;

/** A series of the first game's (its `game` label: `default`). */
const own = (name: string) => `${name}{game="default"}`;

/** Waits until the gauge `series` reads `expected` (a closed stream leaves the hub soon after). */
async function until(app: TestApp, series: string, expected: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (value(await metrics(app), series) === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(value(await metrics(app), series)).toBe(expected);
}

describe.each(["sqlite", "postgres"] as const)("GET /metrics on %s", (database) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    schema = database === "postgres" ? await createTestSchema() : undefined;
    const where: StartOptions = schema
      ? { database: schema.database }
      : { dbFile: `${dir.dir}/metrics.sqlite` };
    app = await startApp({
      ...where,
      config: { sms: { provider: "http", url: smsUrl, token: "t" } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await schema?.drop();
  });

  it("answers loopback in Prometheus's text format, with the process's own figures", async () => {
    const { status, type, text } = await scrape(app);
    expect(status).toBe(200);
    expect(type).toBe("text/plain; version=0.0.4; charset=utf-8");
    const m = samples(text);
    for (const series of [
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      own("wegmarke_streams_open"),
      own("wegmarke_players_online"),
      own("wegmarke_turns_total"),
      own("wegmarke_turn_duration_seconds_count"),
      own("wegmarke_events_appended_total"),
      own("wegmarke_sms_sent_total"),
      own("wegmarke_sms_failed_total"),
      "wegmarke_db_transactions_open",
    ]) {
      expect(m.has(series), series).toBe(true);
    }
    expect(text).toContain("# TYPE wegmarke_turn_duration_seconds histogram");
    expect(m.has("wegmarke_db_pool_connections")).toBe(database === "postgres");
    if (database === "postgres") {
      expect(value(m, "wegmarke_db_pool_connections")).toBeGreaterThan(0);
      expect(m.has("wegmarke_db_pool_idle_connections")).toBe(true);
      expect(value(m, "wegmarke_db_pool_waiting_requests")).toBe(0);
    }
  });

  it("counts turns, their latency and the events they appended; streams and players online", async () => {
    const before = await metrics(app);
    const hash = await api.optin();
    const streams: SseClient[] = [await api.events(hash), await api.events(hash)];
    const other = await api.optin();
    streams.push(await api.events(other));
    for (const stream of streams) await stream.next();
    let m = await metrics(app);
    expect(value(m, own("wegmarke_streams_open"))).toBe(3);
    expect(value(m, own("wegmarke_players_online"))).toBe(2);

    await api.game("station/activate", { StationID: 1, Hash: hash });
    const start = await streams[0]?.until("answer-expected");
    await api.game("player/answer", { StationID: 1, Answer: "Katze", Hash: hash });
    const wrong = await streams[0]?.until("answer-expected");
    // The opening status has no id: it is no logged event.
    const logged = [...(start ?? []), ...(wrong ?? [])].filter((e) => e.id !== undefined);

    m = await metrics(app);
    const grew = (series: string) => value(m, series) - value(before, series);
    expect(grew(own("wegmarke_turns_total"))).toBe(2);
    expect(grew(own("wegmarke_turn_duration_seconds_count"))).toBe(2);
    expect(grew(own("wegmarke_turn_duration_seconds_sum"))).toBeGreaterThan(0);
    expect(grew('wegmarke_turn_duration_seconds_bucket{le="+Inf",game="default"}')).toBe(2);
    expect(grew(own("wegmarke_events_appended_total"))).toBe(logged.length);
    expect(grew(route("POST", "/api/game/station/activate", 200))).toBe(1);
    expect(grew(route("POST", "/api/game/player/answer", 200))).toBe(1);
    expect(grew(route("POST", "/api/account/player/optin/anon", 200))).toBe(2);

    for (const stream of streams.splice(0, 2)) stream.close();
    await until(app, own("wegmarke_streams_open"), 1);
    expect(value(await metrics(app), own("wegmarke_players_online"))).toBe(1);
    for (const stream of streams) stream.close();
    await until(app, own("wegmarke_players_online"), 0);
  });

  it("labels requests by the route's pattern, not the URL, and by status", async () => {
    const before = await metrics(app);
    await fetch(`${app.url}/webapp/content/en.json`);
    await fetch(`${app.url}/webapp/content/de.json`);
    await fetch(`${app.url}/webapp/content/en.json`, { method: "HEAD" });
    await fetch(`${app.url}/no/such/page`);
    expect(await rawGet(app, "/api/%zz")).toBe(400);
    expect(await api.gameFailure("player/answer", { StationID: 1 })).toEqual([401, "invalid hash"]);
    await scrape(app);
    const m = await metrics(app);
    const grew = (series: string) => value(m, series) - value(before, series);
    expect(grew(route("GET", "/webapp/content/:lang.json", 200))).toBe(2);
    expect(grew(route("HEAD", "/webapp/content/:lang.json", 200))).toBe(1);
    expect(grew(route("POST", "/api/game/player/answer", 401))).toBe(1);
    expect(grew(route("GET", "/metrics", 200))).toBe(2);
    // The 404s of the static routes' catch-all, or of no route at all: never the URL.
    expect([...m.keys()].some((series) => series.includes("/no/such/page"))).toBe(false);
    expect(grew(route("GET", "unmatched", 404))).toBe(1);
    expect(grew(route("GET", "/api/%zz", 400)) + grew(route("GET", "unmatched", 400))).toBe(1);
    // Each request counted once: 8 above, and the scrape that reads them is not yet counted.
    const requests = [...m.keys()].filter((series) => series.startsWith("wegmarke_http_"));
    expect(requests.reduce((sum, series) => sum + grew(series), 0)).toBe(8);
  });

  it("counts SMS sent and SMS the gateway failed to take", async () => {
    const before = await metrics(app);
    await api.requestCode("0171 3334445");
    gateway.status = 502;
    try {
      expect(
        await api.account("optin/sms", {
          first_name: "X",
          phone: "0171 3334446",
          story_id: "marburg",
        }),
      ).toEqual([503, "sms not sent"]);
    } finally {
      gateway.status = 200;
    }
    const m = await metrics(app);
    expect(
      value(m, own("wegmarke_sms_sent_total")) - value(before, own("wegmarke_sms_sent_total")),
    ).toBe(1);
    expect(
      value(m, own("wegmarke_sms_failed_total")) - value(before, own("wegmarke_sms_failed_total")),
    ).toBe(1);
  });

  it("refuses a forwarded request while no proxy is trusted", async () => {
    const { status, type, text } = await scrape(app, { "x-forwarded-for": "127.0.0.1" });
    expect([status, text]).toEqual([403, "metrics: forwarded request, TRUST_PROXY unset"]);
    expect(type).toMatch(/^text\/plain/);
  });
});

describe("GET /metrics of an installation with two games", () => {
  it("labels each game's series with its name, on the one address", async () => {
    const dbFile = `${dir.dir}/games.sqlite`;
    const app = await startApp({ dbFile });
    try {
      const pack = await featurePack(`${dir.dir}/zweite`);
      await addGame({ dbFile }, dir.dir, "zweite", pack.dir);
      const api = new Api(`${app.url}/g/zweite`);
      const hash = await api.optin();
      const stream = await api.events(hash);
      await stream.next();
      await api.game("station/activate", { StationID: 1, Hash: hash });
      const m = await metrics(app);
      const zweite = (name: string, labels = "") => `${name}{game="zweite"${labels}}`;
      expect(value(m, zweite("wegmarke_streams_open"))).toBe(1);
      expect(value(m, own("wegmarke_streams_open"))).toBe(0);
      expect(value(m, zweite("wegmarke_turns_total"))).toBe(1);
      expect(value(m, own("wegmarke_turns_total"))).toBe(0);
      const activated = ',method="POST",route="/api/game/station/activate",status="200"';
      expect(value(m, zweite("wegmarke_http_requests_total", activated))).toBe(1);
      expect(value(m, own("wegmarke_http_requests_total").replace("}", `${activated}}`))).toBe(0);
      stream.close();
    } finally {
      await app.close();
    }
  });
});

describe("METRICS_ALLOW", () => {
  it("refuses addresses outside it, with a plain-text reason", async () => {
    const app = await startApp({
      dbFile: `${dir.dir}/closed.sqlite`,
      config: { metricsAllow: ["10.0.0.0/8", "::1"] },
    });
    try {
      const { status, type, text } = await scrape(app);
      expect([status, text]).toEqual([403, "metrics: address not in METRICS_ALLOW"]);
      expect(type).toMatch(/^text\/plain/);
    } finally {
      await app.close();
    }
  });

  it("judges the forwarded client behind a trusted proxy", async () => {
    const app = await startApp({
      dbFile: `${dir.dir}/proxied.sqlite`,
      config: { trustProxy: ["127.0.0.1"], metricsAllow: ["192.0.2.0/24"] },
    });
    try {
      expect((await scrape(app, { "x-forwarded-for": "192.0.2.7" })).status).toBe(200);
      const outside = await scrape(app, { "x-forwarded-for": "203.0.113.9" });
      expect([outside.status, outside.text]).toEqual([
        403,
        "metrics: address not in METRICS_ALLOW",
      ]);
      // The proxy's own address is loopback, but the client it forwards for counts.
      expect((await scrape(app, { "x-forwarded-for": "127.0.0.1, 203.0.113.9" })).status).toBe(403);
    } finally {
      await app.close();
    }
  });

  it("matches addresses and ranges of both families, IPv4-mapped IPv6 as IPv4", () => {
    const allowed = addressMatcher(["127.0.0.0/8", "::1", "10.1.2.3", "fd00::/8"]);
    expect(["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "10.1.2.3"].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(allowed("fd12::1")).toBe(true);
    expect(["10.1.2.4", "::2", "192.0.2.1", "fe80::1", "", "localhost"].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(addressMatcher(["::ffff:10.0.0.0/104"])("10.200.0.1")).toBe(true);
  });
});
