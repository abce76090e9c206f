import { useEffect, useId, useRef, useState } from "react";
import type { CSSProperties } from "react";
import { useTranslation } from "../i18n/use-translation";
import { audioSeekStepSeconds, playedRatio } from "../game/media-progress";
import { formatSeconds } from "../lib/time";
import { PlayIcon, StopIcon } from "./icons";
import { mediaFailure } from "./media-boundary";
import type { MediaLoadError } from "./media-boundary";
import "./audio-player.css";

type AudioPlayerProps = {
  src: string;
  /** Names the player for screen readers ("Audio: Lena", a story's headline). */
  label: string;
  /** Called with the played share on every time update. */
  onProgress?(ratio: number): void;
  className?: string;
};

/**
 * Spec 2: a play/stop button (stop returns to the start), a progress bar with a seek slider (0.1 s steps, disabled until
 * the audio can play through) and a countdown of the remaining time. Give it a `key` per
 * source: it keeps the playing state of the audio it started with.
 */
export function AudioPlayer({ src, label, onProgress, className }: AudioPlayerProps) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const labelId = useId();
  const ratio = playedRatio(time, duration);
  // A file that does not load goes to the boundary around the player (MediaBoundary).
  const [failure, setFailure] = useState<MediaLoadError | null>(null);

  useEffect(() => {
    // The element may have loaded before it was shown (it is made while the render that waited
    // for the player's code runs): its events before the mount reached no state, so read it.
    const audio = audioRef.current;
    if (audio === null) return;
    if (audio.error) setFailure(mediaFailure(audio));
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) setDuration(audio.duration);
    if (audio.readyState >= HTMLMediaElement.HAVE_ENOUGH_DATA) setReady(true);
  }, []);

  function toggle() {
    const audio = audioRef.current;
    if (audio === null) return;
    if (playing) {
      // Stop, not pause: the next play starts from the beginning.
      audio.pause();
      seek(0);
      return;
    }
    audio.play().catch((error: unknown) => {
      console.warn("audio could not play", error);
      setPlaying(false);
    });
  }

  function seek(seconds: number) {
    const audio = audioRef.current;
    if (audio === null) return;
    audio.currentTime = seconds;
    setTime(seconds);
  }

  if (failure !== null) throw failure;
  const progress = { "--progress": `${ratio * 100}%` } as CSSProperties;
  return (
    <div
      className={className ? `audio-player ${className}` : "audio-player"}
      role="group"
      aria-labelledby={labelId}
    >
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={(event) => setFailure(mediaFailure(event.currentTarget))}
        onCanPlayThrough={() => setReady(true)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => {
          const audio = event.currentTarget;
          setTime(audio.currentTime);
          onProgress?.(playedRatio(audio.currentTime, audio.duration));
        }}
      />
      <button
        type="button"
        className="audio-player__toggle"
        aria-label={t(playing ? "audio.stop" : "audio.play")}
        onClick={toggle}
      >
        {playing ? <StopIcon /> : <PlayIcon />}
      </button>
      <div className="audio-player__track" style={progress}>
        <div className="audio-player__bar" aria-hidden="true" />
        <input
          className="audio-player__seek"
          type="range"
          min={0}
          max={duration > 0 && Number.isFinite(duration) ? duration : 0}
          step={audioSeekStepSeconds}
          value={time}
          disabled={!ready}
          aria-label={t("audio.position")}
          aria-valuetext={t("audio.positionText", {
            time: formatSeconds(time),
            duration: formatSeconds(duration),
          })}
          onChange={(event) => seek(Number(event.target.value))}
        />
      </div>
      <span className="audio-player__countdown">
        <span className="visually-hidden">{t("audio.remaining")} </span>
        {`-${formatSeconds(duration - time)}`}
      </span>
    </div>
  );
}
