import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorReason, playerStatusSchema, stationCodeResponse } from "@wegmarke/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContentPack } from "../src/content/loader";
import type { ContentPack } from "../src/content/model";
import { stationCode } from "../src/game/station-access";
import { Api } from "./support/api";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Where a station opens (station.yaml `trigger`): a list station as before, a `qr` station only
 * through its code, a `near` station only at its place (accuracy counted up to 50 m), and the
 * QR links' codes, derived or set, with guessing limited. On both databases.
 */

const SECRET = "station-triggers-secret-".padEnd(40, "s");
const OPS_TOKEN = "posters-token-".padEnd(48, "p");
/** The place of every station: Marburg's market square. */
const PLACE = { Latitude: 50.8101, Longitude: 8.7708 };
/** About 111 m north of it per 0.001° of latitude. */
const north = (metres: number) => ({
  Latitude: PLACE.Latitude + metres / 111_195,
  Longitude: PLACE.Longitude,
});

function station(id: number, extra: string): string {
  return `id: ${id}
name: s${id}
character: Eva
latitude: ${PLACE.Latitude}
longitude: ${PLACE.Longitude}
points: 0
${extra}
texts:
  de: { title: S${id}, desc: D${id} }
`;
}

const files: Record<string, string> = {
  "game.yaml": `id: marburg
title: Test
defaultLanguage: de
settings:
  allowTeams: false
  registrationLess: false
  debug: false
texts:
  rejection: Leider falsch.
`,
  "stations/1-liste/station.yaml": station(1, ""),
  "stations/2-qr/station.yaml": station(2, "trigger: qr"),
  "stations/3-nah/station.yaml": station(3, "trigger: near"),
  "stations/4-beides/station.yaml": station(
    4,
    "trigger: qr-or-near\nradius: 100\ncode: Rathaus-4711",
  ),
  "stations/5-geheim/station.yaml": station(5, "trigger: qr\nvisible: secret"),
};

describe.each(dialects)("where a station opens ($name)", (dialect) => {
  let db: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let pack: ContentPack;
  let app: TestApp;
  let api: Api;

  const codeOf = (id: number) => {
    const found = pack.stations.find((s) => s.id === id);
    if (!found) throw new Error(`no station ${id}`);
    return stationCode(Buffer.from(SECRET), pack.id, found);
  };

  async function activate(hash: string, id: number, extra: Record<string, unknown> = {}) {
    return api.gameFailure("station/activate", { StationID: id, Hash: hash, ...extra });
  }

  async function current(hash: string): Promise<number> {
    const stream = await api.events(hash);
    const first = await stream.next();
    stream.close();
    return playerStatusSchema.parse(JSON.parse(first.data)).CurrentStation;
  }

  beforeAll(async () => {
    db = await dialect.open();
    packDir = await tempDir();
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(packDir.dir, file, ".."), { recursive: true });
      await writeFile(join(packDir.dir, file), text);
    }
    for (const id of [1, 2, 3, 4, 5]) {
      const folder = Object.keys(files).find((f) => f.startsWith(`stations/${id}-`));
      await writeFile(
        join(packDir.dir, folder ?? "", "..", "script.de.ink"),
        "VAR points = 0\nWie heißt die Stadt?\n+ [Marburg #answer]\n    Richtig!\n- -> END\n",
      );
    }
    pack = await loadContentPack(packDir.dir);
    app = await startApp({
      ...db.where,
      pack,
      config: { secret: { kind: "value", value: SECRET }, operatorToken: OPS_TOKEN },
      limits: { stationCodeFailuresPerPlayer: { limit: 3, windowMs: 60 * 60 * 1000 } },
    });
    api = new Api(app.url);
  });

  afterAll(async () => {
    await app.close();
    await packDir.remove();
    await db.done();
  });

  it("tells the app each station's trigger and radius in the player status", async () => {
    const hash = await api.optin();
    const stream = await api.events(hash);
    const status = playerStatusSchema.parse(JSON.parse((await stream.next()).data));
    stream.close();
    const stations = status.Stations;
    expect(stations["1"]).not.toHaveProperty("Trigger");
    expect(stations["1"]).not.toHaveProperty("Radius");
    expect(stations["2"]).toMatchObject({ Trigger: "qr" });
    expect(stations["2"]).not.toHaveProperty("Radius");
    expect(stations["3"]).toMatchObject({ Trigger: "near", Radius: 40 });
    expect(stations["4"]).toMatchObject({ Trigger: "qr-or-near", Radius: 100 });
  });

  it("starts a list station as before, with or without a position", async () => {
    const hash = await api.optin();
    expect(await activate(hash, 1)).toEqual([200, '{"value":"ok"}']);
    expect(await activate(hash, 1, { Position: north(5000) })).toEqual([200, '{"value":"ok"}']);
  });

  it("refuses a qr station from the list and opens it through its code", async () => {
    const hash = await api.optin();
    expect(await activate(hash, 2, { Position: PLACE })).toEqual([
      403,
      ErrorReason.stationCodeRequired,
    ]);
    const [status, body] = await api.gameFailure("station/code", { Code: codeOf(2), Hash: hash });
    expect(status, body).toBe(200);
    expect(stationCodeResponse.parse(JSON.parse(body)).value.StationID).toBe(2);
    expect(await current(hash)).toBe(2);
    // Scanned again while it runs: its id again, nothing restarts.
    expect((await api.gameFailure("station/code", { Code: codeOf(2), Hash: hash }))[0]).toBe(200);
  });

  it("refuses a near station far away, naming the metres to go, and opens it at the place", async () => {
    const hash = await api.optin();
    expect(await activate(hash, 3)).toEqual([403, ErrorReason.positionRequired]);
    expect(await activate(hash, 3, { Position: north(159.5) })).toEqual([403, "too far: 120"]);
    expect(await activate(hash, 3, { Position: { ...north(30), Accuracy: 5 } })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    expect(await current(hash)).toBe(3);
  });

  it("counts the reported accuracy towards the player, but at most 50 m", async () => {
    const hash = await api.optin();
    // 70 m away, radius 40: an accuracy of 30 m brings it within.
    expect(await activate(hash, 3, { Position: { ...north(70), Accuracy: 30 } })).toEqual([
      200,
      '{"value":"ok"}',
    ]);
    const other = await api.optin();
    // 200 m away with a claimed accuracy of 1 km: only 50 m count, 110 m to go.
    expect(await activate(other, 3, { Position: { ...north(199.5), Accuracy: 1000 } })).toEqual([
      403,
      "too far: 110",
    ]);
    // The code of a near station does not spare the walk.
    const [status, body] = await api.gameFailure("station/code", { Code: codeOf(3), Hash: other });
    expect([status, body]).toEqual([403, ErrorReason.positionRequired]);
  });

  it("opens a qr-or-near station near its place or by its own code anywhere", async () => {
    const near = await api.optin();
    expect(await activate(near, 4, { Position: north(90) })).toEqual([200, '{"value":"ok"}']);
    const far = await api.optin();
    expect(await activate(far, 4, { Position: north(999.5) })).toEqual([403, "too far: 900"]);
    const [status, body] = await api.gameFailure("station/code", {
      Code: "Rathaus-4711",
      Hash: far,
    });
    expect([status, body]).toEqual([200, '{"value":{"StationID":4}}']);
  });

  it("reveals and starts a secret station through its code", async () => {
    const hash = await api.optin();
    const [status, body] = await api.gameFailure("station/code", { Code: codeOf(5), Hash: hash });
    expect([status, body]).toEqual([200, '{"value":{"StationID":5}}']);
    expect(await current(hash)).toBe(5);
  });

  it("derives distinct unguessable codes, answers 404 to unknown ones and limits guessing", async () => {
    const codes = [1, 2, 3, 5].map(codeOf);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const hash = await api.optin();
    for (let i = 0; i < 3; i++) {
      expect(await api.gameFailure("station/code", { Code: `guess-${i}`, Hash: hash })).toEqual([
        404,
        ErrorReason.unknownStationCode,
      ]);
    }
    const [status, body] = await api.gameFailure("station/code", { Code: codeOf(1), Hash: hash });
    expect([status, body]).toEqual([429, ErrorReason.tooManyAttempts]);
  });

  it("prints one A4 poster per station for operators, with its QR link", async () => {
    const url = `${app.url}/api/ops/stations/posters.pdf`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    const response = await fetch(`${url}?language=en`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="wegmarke-station-posters-en.pdf"',
    );
    const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(pack.stations.length);
    expect(pdf).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });
});
