/** The part of the Barcode Detection API the scanner uses (not in lib.dom). */
export type BarcodeDetectorLike = {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
};
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<readonly string[]>;
};

function nativeDetector(): BarcodeDetectorClass | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** Whether the browser reads QR codes itself (Chromium on Android and macOS). */
async function readsQrCodes(Detector: BarcodeDetectorClass): Promise<boolean> {
  const formats = (await Detector.getSupportedFormats?.().catch(() => undefined)) ?? ["qr_code"];
  return formats.includes("qr_code");
}

/**
 * A QR code reader: the browser's own BarcodeDetector where it reads QR codes, else the
 * `barcode-detector` ponyfill (ZXing in WebAssembly, iOS Safari and Firefox), whose code and
 * `.wasm` load only then, from this server (never the CDN the package names by default).
 */
export async function qrCodeReader(): Promise<BarcodeDetectorLike> {
  const Native = nativeDetector();
  if (Native !== undefined && (await readsQrCodes(Native))) {
    return new Native({ formats: ["qr_code"] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith(".wasm") ? wasmUrl : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
