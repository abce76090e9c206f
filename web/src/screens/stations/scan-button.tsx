import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Modal } from "../../components/modal";
import { useTranslation } from "../../i18n/use-translation";
import { basename } from "../../lib/paths";
import { qrCodeReader } from "./barcode-detector";

/** The code of a station link (`…/webapp/s/{code}`) read from a QR code, else null. */
export function stationCodeOf(text: string): string | null {
  let path: string;
  try {
    path = new URL(text, window.location.origin).pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`^${basename}/s/([A-Za-z0-9_-]+)$`).exec(path);
  return match?.[1] ?? null;
}

/**
 * "Scan a station's code": the camera in a dialog, read with the browser's BarcodeDetector or,
 * where it has none, the ponyfill (barcode-detector.ts); a station link found opens
 * `/s/{code}`. Hidden where the browser has no camera access (the phone's own camera app opens
 * the same links).
 */
export function ScanButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary station-list__scan"
        onClick={() => setOpen(true)}
      >
        {t("station.scan")}
      </button>
      {open && <Scanner onClose={() => setOpen(false)} />}
    </>
  );
}

function Scanner({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    async function start() {
      // The reader's code loads while the camera starts.
      const reader = qrCodeReader();
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play();
      const detector = await reader;
      const look = async () => {
        if (stopped) return;
        const codes = await detector.detect(video).catch(() => []);
        const code = codes.map((c) => stationCodeOf(c.rawValue)).find((c) => c !== null);
        if (code) {
          void navigate(`/s/${code}`);
          return;
        }
        timer = window.setTimeout(() => void look(), 300);
      };
      void look();
    }
    start().catch(() => setFailed(true));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [navigate]);

  return (
    <Modal labelledBy={titleId} onCancel={onClose} className="scanner">
      <h2 id={titleId}>{t("station.scanner.title")}</h2>
      {failed ? (
        <p>{t("station.scanner.noCamera")}</p>
      ) : (
        <>
          <video ref={videoRef} className="scanner__video" muted playsInline />
          <p>{t("station.scanner.hint")}</p>
        </>
      )}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t("station.scanner.close")}
      </button>
    </Modal>
  );
}
