import { defaultSeenRatio } from "@wegmarke/protocol";

/** Spec 9: the audio seek slider moves in steps of 0.1 s. */
export const audioSeekStepSeconds = 0.1;

/** Played share of a medium, 0..1; 0 while its duration is unknown. */
export function playedRatio(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(1, Math.max(0, currentTime / duration));
}

/**
 * Audio progress is reported once (spec 7): when the played share reaches the message's
 * seen ratio, or the protocol's default seen ratio when the message has none.
 */
export function audioProgressDue(
  ratio: number,
  seenRatio: number | undefined,
  reported: boolean,
): boolean {
  return !reported && ratio > 0 && ratio >= (seenRatio ?? defaultSeenRatio);
}

/**
 * Video progress is reported on time updates (spec 7). A browser fires those several times a
 * second, so only a time update that reaches a further tenth of the video (or its end) is
 * sent: the ratio to report, or null.
 */
export function videoProgressToReport(lastReported: number, ratio: number): number | null {
  const step = Math.floor(ratio * 10);
  if (step <= Math.floor(lastReported * 10)) return null;
  return Math.round(ratio * 100) / 100;
}
