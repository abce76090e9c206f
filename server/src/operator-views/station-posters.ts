import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { localize } from "../content/model";
import { stationCode } from "../game/station-access";

/**
 * The posters of the stations (`GET /api/ops/stations/posters.pdf?language=`): one A4 page per
 * station with its title, the QR code of its link (`/webapp/s/{code}`, error correction H, like
 * the team invitations; drawn as vector squares, sharp at any print size) and one line of
 * instruction, in one language: the titles the pack gives in it, German where it gives none
 * (docs/decisions/023-station-codes.md).
 */

/** The white border around a QR code, in modules; the standard asks for four, two scan well. */
const QUIET_MODULES = 2;
/** How far each row's squares reach into the next, so screens show no seam between rows. */
const ROW_OVERLAP = 0.05;

const instruction: Record<Language, string> = {
  de: "Scanne den Code mit der Kamera deines Handys: Die Station öffnet sich.",
  "de-formal": "Scannen Sie den Code mit der Kamera Ihres Handys: Die Station öffnet sich.",
  en: "Scan the code with your phone's camera to open the station.",
};

/** The document's title after the game's. */
const stations: Record<Language, string> = {
  de: "Stationen",
  "de-formal": "Stationen",
  en: "stations",
};

/** The link a station's QR code holds. */
export function stationLink(publicUrl: string, code: string): string {
  return `${publicUrl}/webapp/s/${encodeURIComponent(code)}`;
}

/**
 * Draws `modules` as black squares in a `side` wide square at (x, y), its quiet zone included;
 * each row's runs of dark modules become one rectangle, a little taller than a module.
 */
function drawQr(
  doc: PDFKit.PDFDocument,
  modules: QRCode.BitMatrix,
  x: number,
  y: number,
  side: number,
): void {
  const size = modules.size;
  const unit = side / (size + 2 * QUIET_MODULES);
  const left = x + QUIET_MODULES * unit;
  const top = y + QUIET_MODULES * unit;
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules.get(row, column)) column++;
      doc.rect(
        left + start * unit,
        top + row * unit,
        (column - start) * unit,
        unit * (1 + ROW_OVERLAP),
      );
    }
  }
  doc.fill("#000000");
}

export async function stationPosters(
  pack: ContentPack,
  secret: Buffer,
  publicUrl: string,
  language: Language,
): Promise<Buffer> {
  const pages = pack.stations.map((station) => {
    const link = stationLink(publicUrl, stationCode(secret, pack.id, station));
    const qr = QRCode.create(link, { errorCorrectionLevel: "H" }).modules;
    return { title: localize(station.texts, language).title, link, qr };
  });
  const doc = new PDFDocument({
    size: "A4",
    autoFirstPage: false,
    info: { Title: `${localize(pack.title, language)}: ${stations[language]}`, Author: "Wegmarke" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  for (const page of pages) {
    doc.addPage({ size: "A4", margin: 56 });
    const width = doc.page.width - 112;
    doc.font("Helvetica-Bold").fontSize(32).text(page.title, 56, 90, { width, align: "center" });
    const side = 360;
    drawQr(doc, page.qr, (doc.page.width - side) / 2, 220, side);
    doc
      .font("Helvetica")
      .fontSize(16)
      .text(instruction[language], 56, 610, { width, align: "center" });
    doc.fontSize(9).fillColor("#666666").text(page.link, 56, 760, { width, align: "center" });
    doc.fillColor("#000000");
  }
  if (pages.length === 0) doc.addPage({ size: "A4" });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
