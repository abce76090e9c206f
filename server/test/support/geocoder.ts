import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A search the stand-in geocoder received. */
export type GeocoderCall = { params: URLSearchParams; userAgent: string };

/**
 * A geocoder with Nominatim's `/search` on a free local port, standing in for
 * nominatim.openstreetmap.org (tests do not reach the internet). `answer` makes each reply's
 * status and body from the search's parameters.
 */
export async function standInGeocoder(
  answer: (params: URLSearchParams) => { status: number; body: unknown },
) {
  const calls: GeocoderCall[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://geocoder");
    if (url.pathname !== "/search") {
      response.writeHead(404).end();
      return;
    }
    calls.push({ params: url.searchParams, userAgent: request.headers["user-agent"] ?? "" });
    const { status, body } = answer(url.searchParams);
    response
      .writeHead(status, { "content-type": "application/json" })
      .end(typeof body === "string" ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Two places as Nominatim's `format=jsonv2` lists them (strings for the coordinates). */
export const marktplatz = [
  {
    place_id: 1,
    lat: "50.8101",
    lon: "8.7702",
    display_name: "Marktplatz, Oberstadt, Marburg, Hessen, 35037, Deutschland",
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    category: "highway",
    type: "pedestrian",
  },
  {
    place_id: 2,
    lat: "51.3397",
    lon: "12.3731",
    display_name: "Marktplatz, Zentrum, Leipzig, Sachsen, 04109, Deutschland",
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    category: "highway",
    type: "pedestrian",
  },
];
