import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let app: TestApp;
let api: Api;
let hash: string;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const tmp = await tempDir();
  removeDir = tmp.remove;
  app = await startApp({ dbFile: `${tmp.dir}/db.sqlite` });
  api = new Api(app.url);
  hash = await api.optin();
});

afterAll(async () => {
  await app.close();
  await removeDir();
});

async function raw(path: string, body: string, contentType = "application/json") {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return [response.status, await response.text()] as const;
}

describe("bad input is answered 4xx with a reason, never 500", () => {
  it("refuses bodies that are not JSON", async () => {
    for (const body of ["{", "not json", '{"StationID": 1,}']) {
      const [status, reason] = await raw("/api/game/station/activate", body);
      expect(status).toBe(400);
      expect(reason).toMatch(/JSON/);
    }
    const [status] = await raw("/api/game/station/activate", "");
    expect(status).toBe(400);
  });

  it("refuses bodies of the wrong shape", async () => {
    for (const body of ["null", "[]", "42", '"text"']) {
      const [status] = await raw("/api/game/station/activate", body);
      expect(status).toBe(401);
    }
    const [status, reason] = await raw("/api/account/player/optin/anon", "[1,2]");
    expect([status, reason]).toEqual([400, "body: expected object, received array"]);
  });

  it("names the field of a wrong type or a missing field", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "station/activate",
        { StationID: "abc", Hash: hash },
        "StationID: expected number, received string",
      ],
      [
        "station/activate",
        { StationID: 1.5, Hash: hash },
        "StationID: expected int, received number",
      ],
      [
        "station/activate",
        { StationID: -1, Hash: hash },
        "StationID: Too small: expected number to be >0",
      ],
      ["station/activate", { Hash: hash }, "StationID: required"],
      [
        "station/cancel",
        { StationID: {}, Hash: hash },
        "StationID: expected number, received object",
      ],
      // z.coerce.number() once read these as 1 and 5.
      [
        "station/activate",
        { StationID: true, Hash: hash },
        "StationID: expected number, received boolean",
      ],
      [
        "station/activate",
        { StationID: [5], Hash: hash },
        "StationID: expected number, received array",
      ],
      [
        "station/activate",
        { StationID: "", Hash: hash },
        "StationID: expected number, received string",
      ],
      // … and these as 0 and 1.
      [
        "player/medium/progress",
        { StationID: 1, Hash: hash, ContentRef: "stations/1/a.mp4", ProgressRatio: null },
        "ProgressRatio: expected number, received null",
      ],
      [
        "player/medium/progress",
        { StationID: 1, Hash: hash, ContentRef: "stations/1/a.mp4", ProgressRatio: "" },
        "ProgressRatio: expected number, received string",
      ],
      [
        "player/medium/progress",
        { StationID: 1, Hash: hash, ContentRef: "stations/1/a.mp4", ProgressRatio: [] },
        "ProgressRatio: expected number, received array",
      ],
      [
        "player/medium/progress",
        { StationID: 1, Hash: hash, ContentRef: "stations/1/a.mp4", ProgressRatio: true },
        "ProgressRatio: expected number, received boolean",
      ],
      // z.coerce.boolean() once read every non-empty text as true.
      ["outro/activate", { Skip: "ja", Hash: hash }, "Skip: expected boolean, received string"],
      ["outro/activate", { Skip: 1, Hash: hash }, "Skip: expected boolean, received number"],
      ["player/answer", { StationID: 1, Hash: hash }, "Answer: required"],
      [
        "player/answer",
        { StationID: 1, Answer: "   ", Hash: hash },
        "Answer: Too small: expected string to have >=1 characters",
      ],
      [
        "player/answer",
        { StationID: 1, Answer: { a: 1 }, Hash: hash },
        "Answer: expected string, received object",
      ],
      ["button/activate", { StationID: 1, Hash: hash }, "Button: required"],
    ];
    for (const [path, body, reason] of cases) {
      expect(await api.gameFailure(path, body), JSON.stringify(body)).toEqual([400, reason]);
    }
    const signUp = { first_name: "Le\u0000na", phone: "0171 2223334", story_id: "marburg" };
    expect(await api.account("optin/sms", signUp)).toEqual([
      400,
      "first_name: control characters are not allowed",
    ]);
  });

  it("accepts numbers and booleans as text in JSON, and no form-encoded body", async () => {
    await api.game("station/activate", { StationID: "1", Hash: hash });
    await api.game("station/cancel", { StationID: "1", Hash: hash });
    const leaving = await api.optin();
    await api.game("outro/activate", { Skip: "false", Hash: leaving });
    const [status, body] = await raw(
      "/api/game/station/activate",
      `StationID=1&Hash=${hash}`,
      "application/x-www-form-urlencoded",
    );
    expect(status).toBe(415);
    expect(body).toMatch(/unsupported media type/i);
  });

  it("answers 415 for a content type it cannot read", async () => {
    const [status] = await raw("/api/game/station/activate", "<x/>", "application/xml");
    expect(status).toBe(415);
  });

  it("answers 404 for unknown API paths", async () => {
    const response = await fetch(`${app.url}/api/game/nothing`);
    expect([response.status, await response.text()]).toEqual([404, "not found"]);
  });
});
