/** Spec 5: trimmed, inner white space collapsed, slashes removed. */
export function normalizeAnswer(raw: string): string {
  return raw.replace(/\//g, "").replace(/\s+/g, " ").trim();
}

/** The answer to send, or null for an empty answer or an immediate duplicate of the last one. */
export function answerToSend(raw: string, lastAnswer: string | null): string | null {
  const answer = normalizeAnswer(raw);
  if (answer === "" || answer === lastAnswer) return null;
  return answer;
}
