import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

/** The containers the server takes, in the order a browser is asked for them. */
const TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];

/**
 * Records the player's voice with the microphone (MediaRecorder), at most `maxSeconds`, and hands
 * the recording on when the player stops or the time is up.
 */
export function VoiceRecorder({
  maxSeconds,
  onDone,
}: {
  maxSeconds: number;
  onDone: (recording: Blob) => void;
}) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState<number | null>(null);
  const [refused, setRefused] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);

  // Leaving the station ends a recording and frees the microphone.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  useEffect(() => {
    if (seconds === null) return;
    if (seconds >= maxSeconds) {
      recorder.current?.stop();
      return;
    }
    const timer = setTimeout(() => setSeconds(seconds + 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, maxSeconds]);

  const start = async () => {
    setRefused(false);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const media = new MediaRecorder(stream, mimeType === undefined ? {} : { mimeType });
      const parts: Blob[] = [];
      media.ondataavailable = (event) => parts.push(event.data);
      media.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder.current = null;
        setSeconds(null);
        onDone(new Blob(parts, { type: media.mimeType }));
      };
      recorder.current = media;
      media.start();
      setSeconds(0);
    } catch {
      setRefused(true);
    }
  };

  if (seconds !== null) {
    return (
      <div className="voice-recorder">
        <p className="voice-recorder__time" role="status">
          <span className="voice-recorder__dot" aria-hidden="true" />
          {t("mission.recording", { seconds, max: maxSeconds })}
        </p>
        <button
          type="button"
          className="choice-button choice-button--primary"
          onClick={() => recorder.current?.stop()}
        >
          {t("mission.stop")}
        </button>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="choice-button choice-button--primary"
        onClick={() => void start()}
      >
        {t("mission.voice")}
      </button>
      {refused && (
        <p className="messenger__hint" role="alert">
          {t("mission.noMicrophone")}
        </p>
      )}
    </>
  );
}
