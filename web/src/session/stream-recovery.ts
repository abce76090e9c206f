import { ErrorCode, ErrorReason } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";

/** What the app does about an event stream the server refused (spec 8). */
export type StreamRecovery = "register-anew" | "sign-out" | "start-over" | "report";

/**
 * - Registration-less mode, with an invalid stream session (406 `invalid lasteventiD
 *   parameter`, 401 or 406 `invalid hash`): log out and register anonymously again.
 * - A token the server no longer knows (401): reloading cannot help, signing in again can.
 * - A last event id the stream does not have (406, e.g. after a team join on another
 *   device): the cache cannot resume, so the game starts over from the stream's beginning.
 * - Anything else: `apiError.sse` with "reload".
 */
export function streamRecovery(error: ApiError, registrationLess: boolean): StreamRecovery {
  const { code, reason } = error;
  const invalidHash =
    (code === ErrorCode.invalidHash || code === ErrorCode.notAcceptable) &&
    reason === ErrorReason.invalidHash;
  const invalidLastEventId =
    code === ErrorCode.notAcceptable && reason === ErrorReason.invalidLastEventId;
  if (registrationLess && (invalidHash || invalidLastEventId)) return "register-anew";
  if (code === ErrorCode.invalidHash) return "sign-out";
  if (invalidLastEventId) return "start-over";
  return "report";
}
