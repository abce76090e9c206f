import { z } from "zod";

/** Control characters (C0, DEL, C1); `\n` only where `lines` allows it. */
const CONTROL = /[\p{Cc}]/u;
const CONTROL_BUT_NEWLINE = /[^\P{Cc}\n]/u;
/** With the `u` flag a surrogate matches only when it is unpaired. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A text field of a request: well-formed Unicode (no lone surrogate) without control
 * characters, so no database ever sees a NUL and no log line is split; `lines` lets a text
 * (a typed answer) keep its line breaks. Fails with a reason that names what is wrong.
 */
export function requestText(options: { lines?: boolean } = {}) {
  const control = options.lines ? CONTROL_BUT_NEWLINE : CONTROL;
  return z
    .string()
    .refine((value) => !LONE_SURROGATE.test(value), "malformed text (an unpaired surrogate)")
    .refine((value) => !control.test(value), "control characters are not allowed");
}

/**
 * An auth token, a reset token or an invitation code as sent: printable, no white space
 * around it (a token is never trimmed into a valid one).
 */
export const secretText = requestText().regex(/^\S+$/, "expected a token without white space");
