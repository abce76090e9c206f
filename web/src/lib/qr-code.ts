/** Spec 9: QR codes are 528 px with error correction H. */
const qrCodeSize = 528;

/** A QR code of `text` as an SVG data URL, for an <img>; the library loads on first use. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(text, {
    type: "svg",
    width: qrCodeSize,
    errorCorrectionLevel: "H",
    margin: 2,
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
