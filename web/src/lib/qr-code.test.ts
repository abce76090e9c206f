import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeDataUrl } from "./qr-code";

const text = "https://example.org/webapp/team?tjr=ABCD2345";
const viewBoxSize = (svg: string) => Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);

describe("qrCodeDataUrl", () => {
  it("draws a 528 px SVG", async () => {
    const url = await qrCodeDataUrl(text);
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(",") + 1));
    expect(svg).toContain('width="528"');
    expect(svg).toContain('height="528"');
  });

  it("uses error correction H", async () => {
    const url = await qrCodeDataUrl(text);
    const svg = decodeURIComponent(url.slice(url.indexOf(",") + 1));
    const levelH = await QRCode.toString(text, {
      type: "svg",
      errorCorrectionLevel: "H",
      margin: 2,
    });
    const levelL = await QRCode.toString(text, {
      type: "svg",
      errorCorrectionLevel: "L",
      margin: 2,
    });
    expect(viewBoxSize(svg)).toBe(viewBoxSize(levelH));
    expect(viewBoxSize(svg)).toBeGreaterThan(viewBoxSize(levelL));
  });
});
