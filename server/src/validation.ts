import type { z } from "zod";

/**
 * One zod issue as a short reason naming the field, e.g. `StationID: expected number, received
 * NaN` or `Answer: required`; `root` names the whole value.
 */
export function formatIssue(issue: z.core.$ZodIssue, root = "body"): string {
  const field = issue.path.length === 0 ? root : issue.path.map(String).join(".");
  const missing = issue.code === "invalid_type" && issue.message.endsWith("received undefined");
  const message = missing ? "required" : issue.message.replace(/^Invalid input: /, "");
  return `${field}: ${message}`;
}

/** How long a reason grows by listing issues one by one; the rest are counted. */
const REASON_LENGTH = 450;

/**
 * Every issue of a failed parse, joined into one line; where they would make it longer than a
 * person reads (an empty form misses every field), the rest are counted ("and 3 more").
 */
export function formatIssues(error: z.ZodError, root?: string): string {
  const [first = "", ...rest] = error.issues.map((issue) => formatIssue(issue, root));
  let reason = first;
  let shown = 0;
  for (const next of rest) {
    if (reason.length + 2 + next.length > REASON_LENGTH) break;
    reason = `${reason}; ${next}`;
    shown++;
  }
  return shown === rest.length ? reason : `${reason}; and ${rest.length - shown} more`;
}
