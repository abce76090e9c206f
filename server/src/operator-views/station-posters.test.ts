import { resolve } from "node:path";
import { inflateSync } from "node:zlib";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import { loadContentPack } from "../content/loader";
import type { ContentPack } from "../content/model";
import { stationCode } from "../game/station-access";
import { stationLink, stationPosters } from "./station-posters";

const SECRET = Buffer.alloc(32, 7);
const PUBLIC_URL = "https://play.example.org";

let pack: ContentPack;

beforeAll(async () => {
  pack = await loadContentPack(resolve(repoRoot, "content/demo"));
});

/** The deflated streams of a PDF that pdfkit wrote, uncompressed, in file order. */
function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream\n", at);
    if (start < 0) return streams;
    const end = pdf.indexOf("\nendstream", start);
    const dictionary = pdf.subarray(pdf.lastIndexOf("<<", start), start).toString("latin1");
    if (dictionary.includes("/FlateDecode") && !dictionary.includes("/Image")) {
      streams.push(inflateSync(pdf.subarray(start + "stream\n".length, end)).toString("latin1"));
    }
    at = end + "\nendstream".length;
  }
}

/** The dark modules a page's rectangles cover, as rows of "#" and ".", one text per row. */
function drawnModules(content: string): string[] {
  const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
  );
  // A run's width is a whole number of modules, and some run is one module wide.
  const unit = Math.min(...rects.map(([, , w]) => w));
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.min(...rects.map(([, y]) => y));
  const size = Math.round((Math.max(...rects.map(([x, , w]) => x + w)) - left) / unit);
  const dark = new Set<string>();
  for (const [x, y, w] of rects) {
    const row = Math.round((y - top) / unit);
    const first = Math.round((x - left) / unit);
    for (let c = first; c < first + Math.round(w / unit); c++) dark.add(`${row},${c}`);
  }
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => (dark.has(`${row},${column}`) ? "#" : ".")).join(
      "",
    ),
  );
}

function expectedModules(link: string): string[] {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: "H" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) =>
      modules.get(row, column) ? "#" : ".",
    ).join(""),
  );
}

describe("the station posters", () => {
  it("draw each station's QR code, module for module, on its own page", async () => {
    const pdf = await stationPosters(pack, SECRET, PUBLIC_URL, "en");
    const pages = contentStreams(pdf).filter((content) => / re\b/.test(content));
    expect(pages).toHaveLength(pack.stations.length);
    const drawn = pages.map(drawnModules);
    const links = pack.stations.map((station) =>
      stationLink(PUBLIC_URL, stationCode(SECRET, pack.id, station)),
    );
    expect(drawn).toEqual(links.map(expectedModules));
  });
});
