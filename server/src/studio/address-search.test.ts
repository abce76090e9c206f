import { afterEach, describe, expect, it } from "vitest";
import { ServiceError } from "../errors";
import { marktplatz, standInGeocoder } from "../../test/support/geocoder";
import { AddressSearch, searchArea } from "./address-search";

let close: () => Promise<void> = async () => undefined;
afterEach(async () => close());

/** A search over a clock that only moves when the search waits. */
function searchOver(url: string) {
  let now = 1_000_000;
  const waits: number[] = [];
  const search = new AddressSearch({
    url,
    userAgent: "Wegmarke studio (https://game.example)",
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  });
  return { search, waits, pass: (ms: number) => (now += ms) };
}

describe("the studio's address search", () => {
  it("asks Nominatim's search in the console's language, near the game, and names the game", async () => {
    const geocoder = await standInGeocoder(() => ({ status: 200, body: marktplatz }));
    close = geocoder.close;
    const { search } = searchOver(geocoder.url);
    const found = await search.search(" Marktplatz ", "en", [
      [50.8, 8.75],
      [50.82, 8.78],
    ]);
    expect(found.licence).toBe(
      "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    );
    expect(found.places).toEqual([
      {
        label: "Marktplatz, Oberstadt, Marburg, Hessen, 35037, Deutschland",
        latitude: 50.8101,
        longitude: 8.7702,
      },
      {
        label: "Marktplatz, Zentrum, Leipzig, Sachsen, 04109, Deutschland",
        latitude: 51.3397,
        longitude: 12.3731,
      },
    ]);
    const [call] = geocoder.calls;
    expect(Object.fromEntries(call?.params ?? [])).toEqual({
      q: "Marktplatz",
      format: "jsonv2",
      limit: "6",
      "accept-language": "en",
      viewbox: "8.75,50.82,8.78,50.8",
    });
    expect(call?.userAgent).toBe("Wegmarke studio (https://game.example)");
  });

  it("keeps an answer for a day, and asks at most once a second", async () => {
    const geocoder = await standInGeocoder(() => ({ status: 200, body: marktplatz }));
    close = geocoder.close;
    const { search, waits, pass } = searchOver(geocoder.url);
    await search.search("Marktplatz", "de", null);
    await search.search("marktplatz", "de", null); // another spelling: asked again
    await search.search("Marktplatz", "de", null); // kept
    expect(geocoder.calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
    pass(24 * 60 * 60 * 1000);
    await search.search("Marktplatz", "de", null); // a day later: asked again
    expect(geocoder.calls).toHaveLength(3);
  });

  it("sends searches made at once one after the other, a second apart", async () => {
    const geocoder = await standInGeocoder((params) => ({
      status: 200,
      body: [{ lat: "50.81", lon: "8.77", display_name: params.get("q") }],
    }));
    close = geocoder.close;
    const { search, waits } = searchOver(geocoder.url);
    const labels = await Promise.all(
      ["Schloss", "Elisabethkirche", "Rathaus"].map(async (q) => {
        const [place] = (await search.search(q, "de", null)).places;
        return place?.label;
      }),
    );
    expect(labels).toEqual(["Schloss", "Elisabethkirche", "Rathaus"]);
    expect(geocoder.calls.map((c) => c.params.get("q"))).toEqual(labels);
    expect(waits).toEqual([1000, 1000]);
  });

  it("answers 502 with a reason when the geocoder fails, answers nonsense or is not there", async () => {
    let answer: { status: number; body: unknown } = { status: 503, body: { error: "busy" } };
    const geocoder = await standInGeocoder(() => answer);
    close = geocoder.close;
    const { search } = searchOver(geocoder.url);
    const reason = (q: string) =>
      search.search(q, "de", null).then(
        () => "found",
        (error: unknown) =>
          error instanceof ServiceError ? `${error.status} ${error.reason}` : String(error),
      );
    expect(await reason("Schloss")).toMatch(
      /^502 the address search \(127.0.0.1:\d+\) answered 503;/,
    );
    answer = { status: 200, body: [{ lat: "north", lon: 8, display_name: "?" }] };
    expect(await reason("Rathaus")).toMatch(/answered in a form it does not know/);
    answer = { status: 200, body: "<html>" };
    expect(await reason("Markt")).toMatch(/answered in a form it does not know/);
    await geocoder.close();
    expect(await reason("Kirche")).toMatch(/did not answer; try again or drag the marker$/);
    // A failure is not kept: the next search asks again.
    const again = await standInGeocoder(() => ({ status: 200, body: marktplatz }));
    close = again.close;
    const other = searchOver(again.url).search;
    expect((await other.search("Schloss", "de", null)).places).toHaveLength(2);
  });
});

const corners = (area: ReturnType<typeof searchArea>) =>
  area?.flat().map((value) => Number(value.toFixed(6)));

describe("the area a search prefers", () => {
  it("spans the stations and the map's picture, a quarter wider on every side", () => {
    const stations = [
      { latitude: 50.81, longitude: 8.72 },
      { latitude: 50.83, longitude: 8.8 },
    ];
    expect(
      corners(
        searchArea(stations, [
          [50.8, 8.7],
          [50.84, 8.75],
        ]),
      ),
    ).toEqual([50.79, 8.675, 50.85, 8.825]);
  });

  it("is about a kilometre around a single station, and none for a game without places", () => {
    expect(corners(searchArea([{ latitude: 50.81, longitude: 8.77 }], null))).toEqual([
      50.805, 8.762, 50.815, 8.778,
    ]);
    expect(searchArea([], null)).toBeNull();
  });
});
