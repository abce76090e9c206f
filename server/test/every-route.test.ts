import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { createTestSchema } from "./support/postgres";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/** Every call of the API that takes a body, and the calls that read a query. */
const BODY_CALLS: [method: "POST" | "PUT", path: string][] = [
  ["POST", "/api/account/player/optin/anon"],
  ["POST", "/api/account/player/optin/sms"],
  ["POST", "/api/account/player/optin/sms/verify"],
  ["POST", "/api/account/player/login/phone"],
  ["POST", "/api/account/player/changepass/phone"],
  ["PUT", "/api/account/player/changepass"],
  ["POST", "/api/game/station/activate"],
  ["POST", "/api/game/station/cancel"],
  ["POST", "/api/game/story/activate"],
  ["POST", "/api/game/player/answer"],
  ["POST", "/api/game/button/activate"],
  ["POST", "/api/game/player/medium/progress"],
  ["POST", "/api/game/team/invite"],
  ["POST", "/api/game/outro/activate"],
];
const QUERY_CALLS = ["/api/game/events", "/api/game/scoreboard", "/api/game/team/join"];

let app: TestApp;
let api: Api;
let hash: string;
let cleanUp: () => Promise<void>;

/** SQLite, or PostgreSQL (which refuses some strings SQLite keeps, a NUL character say). */
async function start(database: "sqlite" | "postgres"): Promise<void> {
  const tmp = await tempDir();
  const schema = database === "postgres" ? await createTestSchema() : undefined;
  cleanUp = async () => {
    await app.close();
    await schema?.drop();
    await tmp.remove();
  };
  app = await startApp({
    ...(schema ? { database: schema.database } : { dbFile: `${tmp.dir}/db.sqlite` }),
    pack: await teamPack(),
    // Hundreds of odd calls from one address: the limits are not what this test is about.
    limits: {
      smsCallsPerIp: { limit: 10_000, windowMs: 1000 },
      smsPerPhone: { limit: 10_000, windowMs: 1000 },
      loginFailuresPerPhone: { limit: 10_000, windowMs: 1000 },
      failuresPerIp: { limit: 10_000, windowMs: 1000 },
    },
  });
  api = new Api(app.url);
  hash = await api.optin();
}

/** Values of every JSON type and the edges of numbers and strings. */
function oddValues(): unknown[] {
  return [
    null,
    true,
    -1,
    0,
    1.5,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    "",
    " ",
    "x".repeat(100_000),
    "0171 1234567",
    "\u0000",
    "a\u0000b",
    "😀",
    "<script>",
    [],
    [1],
    {},
    { a: 1 },
  ];
}

/** A value each call accepts for each of its fields. */
function validFields(): Record<string, unknown> {
  return {
    Hash: hash,
    StationID: 1,
    Answer: "Gockel",
    Button: "1",
    Language: "de",
    ContentRef: "stations/1/marktplatz.jpg",
    Ratio: 0.5,
    story_id: "marburg",
    phone: "0171 2223334",
    Phone: "0171 2223334",
    first_name: "Lena",
    smscode: "123456",
    password: "geheim-genug",
    token: "0".repeat(64),
  };
}

/** Bodies that give each field of every call each odd value, with a real token and without. */
function oddBodies(): unknown[] {
  const fields = [
    ...["Hash", "StationID", "Answer", "Button", "Language", "ContentRef", "Ratio", "Skip"],
    ...["story_id", "phone", "first_name", "smscode", "password", "token", "language", "Phone"],
  ];
  const bodies: unknown[] = [...oddValues()];
  for (const field of fields) {
    for (const value of oddValues()) {
      bodies.push({ ...validFields(), [field]: value });
    }
  }
  return bodies;
}

async function send(method: string, path: string, body: unknown): Promise<[number, string]> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return [response.status, await response.text()];
}

describe.each(["sqlite", "postgres"] as const)("every call on %s", (database) => {
  beforeAll(() => start(database));
  afterAll(() => cleanUp());

  it("answers odd bodies with a status below 500 and a reason", { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const [method, path] of BODY_CALLS) {
      for (const body of oddBodies()) {
        const [status, text] = await send(method, path, body);
        if (status >= 500 || text === "") {
          failures.push(`${method} ${path} ${JSON.stringify(body)?.slice(-160)} -> ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers odd queries with a status below 500", async () => {
    const failures: string[] = [];
    const queries = ["", "?", "?hash=", `?hash=${hash}&lasteventid=-1`, `?hash=${hash}&tjr=`];
    queries.push(`?hash=${hash}&lasteventid=abc`, `?hash=${hash}&hash=${hash}`, "?hash=%E0");
    queries.push(`?hash=${hash}&tjr=${"A".repeat(10_000)}`, `?hash=${hash}&size=-5`);
    for (const path of QUERY_CALLS) {
      for (const query of queries) {
        const controller = new AbortController();
        const response = await fetch(`${app.url}${path}${query}`, { signal: controller.signal });
        if (response.status >= 500) failures.push(`${path}${query} -> ${response.status}`);
        controller.abort();
      }
    }
    expect(failures).toEqual([]);
  });
});
