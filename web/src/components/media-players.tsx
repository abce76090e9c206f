import { useEffect, useRef, useState } from "react";
import { audioProgressDue, playedRatio, videoProgressToReport } from "../game/media-progress";
import { AudioPlayer } from "./audio-player";
import { mediaFailure } from "./media-boundary";
import type { MediaLoadError } from "./media-boundary";

/** Reports how much of a medium was played, as a ratio of its duration. */
export type RatioReport = (ratio: number) => void;

export type MediaProps = {
  src: string;
  label: string;
  /** The share that counts as seen; the protocol's default when the message names none. */
  seenRatio?: number;
  onProgress?: RatioReport;
};

/** Audio is reported once, when the played share reaches the seen ratio. */
export function ReportedAudio({ src, label, seenRatio, onProgress }: MediaProps) {
  const reported = useRef(false);
  return (
    <AudioPlayer
      className="media-audio"
      src={src}
      label={label}
      onProgress={(ratio) => {
        if (onProgress === undefined) return;
        if (!audioProgressDue(ratio, seenRatio, reported.current)) return;
        reported.current = true;
        onProgress(ratio);
      }}
    />
  );
}

/** Video with the browser's own controls; its time updates are reported (by tenths). */
export function ReportedVideo({ src, label, onProgress }: MediaProps) {
  const lastReported = useRef(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  // A file that does not load goes to the boundary around the player (MediaBoundary); one that
  // failed before the element was shown (made in a render that waited for this code) too.
  const [failure, setFailure] = useState<MediaLoadError | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video?.error) setFailure(mediaFailure(video));
  }, []);
  if (failure !== null) throw failure;
  return (
    <video
      ref={videoRef}
      className="media-video"
      controls
      preload="metadata"
      playsInline
      src={src}
      aria-label={label}
      onError={(event) => setFailure(mediaFailure(event.currentTarget))}
      onTimeUpdate={(event) => {
        if (onProgress === undefined) return;
        const video = event.currentTarget;
        const ratio = videoProgressToReport(
          lastReported.current,
          playedRatio(video.currentTime, video.duration),
        );
        if (ratio === null) return;
        lastReported.current = ratio;
        onProgress(ratio);
      }}
    />
  );
}
