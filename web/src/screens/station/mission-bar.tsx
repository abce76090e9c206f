import { useRef } from "react";
import type { ChangeEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { StationLocal } from "../../game/play-state";
import { missionUploads, usePendingUploads } from "../../session/mission-uploads";
import { useSession } from "../../session/session";
import { VoiceRecorder } from "./voice-recorder";
import "./mission-bar.css";

type Mission = NonNullable<StationLocal["expectingMission"]>;

/** The length of a recording or video when the mission names none (docs/content-authoring.md). */
const DEFAULT_SECONDS = 30;

/**
 * The messenger's part for a mission: the camera or the gallery for a photo or a video, the
 * record button for a voice recording; "waiting for the game master" while a host judges. A
 * refused file leaves them there, for the next try.
 */
export function MissionBar({
  stationId,
  mission,
  waiting,
}: {
  stationId: number;
  mission: Mission | null;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const { token, config } = useSession();
  const pending = usePendingUploads(stationId);
  // While a file is on its way; after a refusal the player may try again with another.
  if (pending.some((item) => item.status !== "refused")) return null;
  if (waiting) {
    return (
      <p className="mission-bar__waiting" role="status">
        {t("mission.waiting")}
      </p>
    );
  }
  if (mission === null || token === null) return null;
  const send = (file: Blob, name: string) =>
    void missionUploads.send(
      { gameBase: config.gameBase, token },
      stationId,
      mission.kind,
      file,
      name,
    );
  const maxSeconds = mission.maxSeconds ?? DEFAULT_SECONDS;
  return (
    <div className="mission-bar" role="group" aria-label={t("mission.label")}>
      {mission.kind === "voice" ? (
        <VoiceRecorder maxSeconds={maxSeconds} onDone={(blob) => send(blob, "recording")} />
      ) : (
        <>
          <FilePick kind={mission.kind} capture onFile={send} />
          <FilePick kind={mission.kind} capture={false} onFile={send} />
        </>
      )}
    </div>
  );
}

/** A button that opens the camera (`capture`) or the gallery for a photo or a video. */
function FilePick({
  kind,
  capture,
  onFile,
}: {
  kind: "photo" | "video";
  capture: boolean;
  onFile: (file: Blob, name: string) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = "";
    if (file !== undefined) onFile(file, file.name);
  };
  const label = capture
    ? t(kind === "photo" ? "mission.photo" : "mission.video")
    : t("mission.gallery");
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={kind === "photo" ? "image/*" : "video/*"}
        {...(capture && { capture: "environment" })}
        aria-label={label}
        onChange={picked}
      />
      <button
        type="button"
        className={capture ? "choice-button choice-button--primary" : "choice-button"}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
    </>
  );
}
