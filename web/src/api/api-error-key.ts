import { ErrorReason } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";
import type { en } from "../i18n/en";
import { NETWORK_UNREACHABLE } from "./api-error";

type ApiErrorText = Exclude<keyof typeof en.apiError, "sse" | "team">;
type TeamErrorCode = keyof typeof en.apiError.team;
const codes: readonly ApiErrorText[] = ["000", "401", "402", "403", "411", "429", "430"];
const teamCodes: readonly TeamErrorCode[] = ["400", "404"];

/**
 * Reasons whose text says more than their code's (a 429 that is no password reset, a 430 that
 * is no failed login, a 400 of a password change).
 */
const byReason: Readonly<Record<string, ApiErrorText>> = {
  [ErrorReason.tooManyAttempts]: "tooMany",
  [ErrorReason.tooManySms]: "tooMany",
  [ErrorReason.invalidCode]: "invalidCode",
  [ErrorReason.accountRegistered]: "accountRegistered",
  [ErrorReason.currentPasswordNeeded]: "currentPasswordNeeded",
  [ErrorReason.wrongPassword]: "wrongPassword",
  [ErrorReason.commonPassword]: "commonPassword",
  [ErrorReason.stationUnavailable]: "stationUnavailable",
  [ErrorReason.stationDone]: "stationDone",
  [ErrorReason.stationClosed]: "stationClosed",
  [ErrorReason.gameNotStarted]: "gameNotStarted",
  [ErrorReason.gameOver]: "gameOver",
  [ErrorReason.stationCodeRequired]: "stationCodeRequired",
  [ErrorReason.stationNotFound]: "stationNotFound",
  [ErrorReason.positionRequired]: "positionRequired",
  [ErrorReason.unknownStationCode]: "unknownStationCode",
  [ErrorReason.storyUnavailable]: "storyUnavailable",
  [ErrorReason.storyLocked]: "storyLocked",
  [ErrorReason.noAnswerExpected]: "notExpected",
  [ErrorReason.noButtonExpected]: "notExpected",
  [ErrorReason.unknownButton]: "notExpected",
  [NETWORK_UNREACHABLE]: "offline",
};

function isKnownCode(code: string): code is ApiErrorText {
  return (codes as readonly string[]).includes(code);
}

function isTeamCode(code: string): code is TeamErrorCode {
  return (teamCodes as readonly string[]).includes(code);
}

/**
 * The translation key of an error (spec 8): the code's text, or the reason's where it says
 * more; codes without a text of their own use 000.
 */
export function apiErrorKey(code: string, reason?: string): `apiError.${ApiErrorText}` {
  if (reason !== undefined && metresToGo(reason) !== undefined) return "apiError.tooFar";
  const forReason = reason === undefined ? undefined : byReason[reason];
  if (forReason !== undefined) return `apiError.${forReason}`;
  return `apiError.${isKnownCode(code) ? code : "000"}`;
}

/** Team calls (spec 8): `apiError.team.{code}` where the team has a text, else as above. */
export function teamErrorKey(
  error: ApiError,
): `apiError.team.${TeamErrorCode}` | `apiError.${ApiErrorText}` {
  const { code, reason } = error;
  if (isTeamCode(code)) return `apiError.team.${code}`;
  return apiErrorKey(code, reason);
}

/** The metres a `too far: 120` refusal names (a `near` station), else undefined. */
export function metresToGo(reason: string): number | undefined {
  const match = new RegExp(`^${ErrorReason.tooFar}: (\\d+)$`).exec(reason);
  return match ? Number(match[1]) : undefined;
}
