import { useState } from "react";
import { ErrorReason } from "@wegmarke/protocol";
import { useTranslation } from "../../i18n/use-translation";
import { missionUploads, usePendingUploads } from "../../session/mission-uploads";
import type { PendingUpload } from "../../session/mission-uploads";

type ReasonKey =
  | "mission.tooLarge"
  | "mission.unsupported"
  | "mission.tooLong"
  | "apiError.gameNotStarted"
  | "apiError.gameOver";

const REASON_KEYS: Record<string, ReasonKey> = {
  "file too large": "mission.tooLarge",
  "unsupported file": "mission.unsupported",
  "recording too long": "mission.tooLong",
  [ErrorReason.gameNotStarted]: "apiError.gameNotStarted",
  [ErrorReason.gameOver]: "apiError.gameOver",
};

/** The files on their way at a station, on the player's side of the thread, with their progress. */
export function PendingUploads({ stationId }: { stationId: number }) {
  const pending = usePendingUploads(stationId);
  return pending.map((item) => <PendingBubble key={item.key} item={item} />);
}

function PendingBubble({ item }: { item: PendingUpload }) {
  const { t } = useTranslation();
  const percent = Math.round(item.progress * 100);
  const reasonKey = item.reason === undefined ? undefined : REASON_KEYS[item.reason];
  // A file the browser cannot show (not a picture at all) shows no picture.
  const [broken, setBroken] = useState(false);
  const refused = item.status === "refused";
  return (
    <div
      className={refused ? "bubble bubble--own bubble--refused" : "bubble bubble--own"}
      data-testid="pending-upload"
    >
      {item.preview !== null && !broken && (
        <img
          className="submission__photo"
          src={item.preview}
          alt=""
          onError={() => setBroken(true)}
        />
      )}
      {refused ? (
        <>
          <p className="submission__state" role="alert">
            {t("mission.failed", {
              reason: reasonKey === undefined ? (item.reason ?? "") : t(reasonKey),
            })}
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() => missionUploads.discard(item.key)}
          >
            {t("mission.discard")}
          </button>
        </>
      ) : (
        <>
          <progress
            className="upload-progress"
            max={100}
            value={percent}
            aria-label={t("mission.uploading", { percent })}
          />
          <p className="submission__state" role="status">
            {item.status === "offline" ? t("mission.offline") : t("mission.uploading", { percent })}
          </p>
        </>
      )}
    </div>
  );
}
