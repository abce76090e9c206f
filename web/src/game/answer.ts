import type { StationLocal } from "./play-state";

/**
 * Spec 5: a typed answer as it is sent: trimmed, inner white space collapsed, slashes
 * removed. It only cleans the input; whether the answer is right the server decides, comparing
 * the sent answer with the script's after its own `comparableAnswer` (server/src/engine).
 */
export function cleanAnswerInput(raw: string): string {
  return raw.replace(/\//g, "").replace(/\s+/g, " ").trim();
}

/** The answer to send, or null for an empty answer or an immediate duplicate of the last one. */
export function answerToSend(raw: string, lastAnswer: string | null): string | null {
  const answer = cleanAnswerInput(raw);
  if (answer === "" || answer === lastAnswer) return null;
  return answer;
}

/**
 * The last answer once `answer` went, sent when `sentAfterEventId` was the last event id known.
 * The stream may have asked a new question before the call returned: then `answer` was the
 * earlier question's, and the new one has no last answer yet.
 */
export function lastAnswerAfterSend(
  station: StationLocal,
  answer: string,
  sentAfterEventId: number | null,
): string | null {
  const asked = station.questionEventId;
  const askedSince = asked !== null && (sentAfterEventId === null || asked > sentAfterEventId);
  return askedSince ? station.lastAnswer : answer;
}
