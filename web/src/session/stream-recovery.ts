import { ErrorCode, ErrorReason } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";

/**
 * What the app does about an event stream the server refused and closed (spec 8). Outside
 * registration-less mode it always shows `apiError.sse` with "reload"; what the reload does
 * depends on the refusal.
 */
export type StreamRecovery =
  /** Registration-less mode: signed out without a word and registered anonymously again. */
  | "register-anew"
  /** The page reloads. */
  | "reload"
  /** The token is gone, so a reload would meet the same refusal: it leads to the login. */
  | "reload-signed-out"
  /** The stream lacks the last event id, so the game reloads from the stream's beginning. */
  | "reload-from-start";

/**
 * - Registration-less mode, with an invalid stream session (406 `invalid lasteventiD
 *   parameter`, 401 or 406 `invalid hash`): log out and register anonymously again.
 * - Otherwise `apiError.sse` with "reload": a token the server does not know (401, or 406
 *   `invalid hash`) is signed out by it, a last event id the stream does not have (406 `invalid
 *   lasteventiD parameter`, e.g. after a team join on another device) starts the game over;
 *   any other refusal reloads the page.
 */
export function streamRecovery(error: ApiError, registrationLess: boolean): StreamRecovery {
  const { code, reason } = error;
  const invalidHash =
    (code === ErrorCode.invalidHash || code === ErrorCode.notAcceptable) &&
    reason === ErrorReason.invalidHash;
  const invalidLastEventId =
    code === ErrorCode.notAcceptable && reason === ErrorReason.invalidLastEventId;
  if (registrationLess && (invalidHash || invalidLastEventId)) return "register-anew";
  if (invalidHash || code === ErrorCode.invalidHash) return "reload-signed-out";
  if (invalidLastEventId) return "reload-from-start";
  return "reload";
}
