import { opsMapEdit, opsPlaces, opsStationEdit } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { marktplatz, standInGeocoder } from "./support/geocoder";
import { opsCall } from "./support/ops-client";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The studio's address search: a station's form offers it when the draft's map has tiles,
 * and `GET /api/ops/pack/draft/places` asks the geocoder near the game's stations.
 */

const TOKEN = "address-search-token-".padEnd(48, "a");
const ops = (app: TestApp, method: string, path: string, body?: unknown) =>
  opsCall(app, TOKEN, method, path, body);
const FOLDER = "stations/1-marktplatz";

describe.each(dialects)("the studio's address search on $name", (dialect) => {
  let database: TestDatabase;
  let app: TestApp | undefined;
  let geocoder: Awaited<ReturnType<typeof standInGeocoder>>;

  beforeEach(async () => {
    database = await dialect.open();
    geocoder = await standInGeocoder(() => ({ status: 200, body: marktplatz }));
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await geocoder.close();
    await database.done();
  });

  async function start(geocoderUrl: string | null) {
    const pack = await loadContentPack(resolve(repoRoot, "content/demo"));
    app = await startApp({
      ...database.where,
      pack,
      config: { operatorToken: TOKEN, geocoderUrl },
    });
    expect((await ops(app, "POST", "/content/reload", {})).status).toBe(200);
    return app;
  }

  it("is offered once the draft's map has tiles, and finds places near the game", async () => {
    const server = await start(geocoder.url);
    const before = opsStationEdit.parse(
      (await ops(server, "GET", `/pack/draft/station?folder=${FOLDER}`)).json,
    );
    expect(before.addressSearch).toBe(false); // the demo's map is a picture only

    const map = opsMapEdit.parse((await ops(server, "GET", "/pack/draft/map")).json);
    const tiles = { url: "https://tile.example.org/{z}/{x}/{y}.png", attribution: "© OSM" };
    const saved = await ops(server, "PUT", "/pack/draft/map", {
      form: { ...map.form, tiles },
      replaces: map.hash,
    });
    expect(saved.status, saved.text).toBe(200);
    const after = opsStationEdit.parse(
      (await ops(server, "GET", `/pack/draft/station?folder=${FOLDER}`)).json,
    );
    expect(after.addressSearch).toBe(true);

    const found = await ops(server, "GET", "/pack/draft/places?q=Marktplatz&lang=en");
    expect(found.status, found.text).toBe(200);
    expect(opsPlaces.parse(found.json).places[0]).toEqual({
      label: "Marktplatz, Oberstadt, Marburg, Hessen, 35037, Deutschland",
      latitude: 50.8101,
      longitude: 8.7702,
    });
    // Near the demo's stations and map picture (Marburg's upper town), in English.
    const params = geocoder.calls[0]?.params;
    expect(params?.get("accept-language")).toBe("en");
    const [west, north, east, south] = (params?.get("viewbox") ?? "").split(",").map(Number);
    expect([south, north].every((v) => v !== undefined && v > 50.79 && v < 50.83)).toBe(true);
    expect([west, east].every((v) => v !== undefined && v > 8.74 && v < 8.8)).toBe(true);
    expect(geocoder.calls[0]?.userAgent).toBe("Wegmarke studio (http://localhost)");
  });

  it("refuses an empty search, says when the geocoder fails, and is off with GEOCODER_URL=off", async () => {
    const server = await start(geocoder.url);
    const empty = await ops(server, "GET", "/pack/draft/places?q=%20");
    expect([empty.status, empty.text]).toEqual([400, expect.stringContaining("at least two")]);
    await geocoder.close();
    const down = await ops(server, "GET", "/pack/draft/places?q=Schloss");
    expect([down.status, down.text]).toEqual([502, expect.stringContaining("did not answer")]);
    await server.close();
    app = undefined;

    const off = await start(null);
    const edit = opsStationEdit.parse(
      (await ops(off, "GET", `/pack/draft/station?folder=${FOLDER}`)).json,
    );
    expect(edit.addressSearch).toBe(false);
    const refused = await ops(off, "GET", "/pack/draft/places?q=Schloss");
    expect([refused.status, refused.text]).toEqual([
      404,
      expect.stringContaining("GEOCODER_URL=off"),
    ]);
  });
});
