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

/** Every issue of a failed parse, joined into one line. */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues.map((issue) => formatIssue(issue, root)).join("; ");
}
