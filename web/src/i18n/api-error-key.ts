import type { en } from "./en";

type ApiErrorCode = Exclude<keyof typeof en.apiError, "sse" | "team">;
const codes: readonly ApiErrorCode[] = ["000", "402", "403", "411", "429", "430"];

function isKnownCode(code: string): code is ApiErrorCode {
  return (codes as readonly string[]).includes(code);
}

/** The translation key of an error code (spec 8); codes without a text of their own use 000. */
export function apiErrorKey(code: string): `apiError.${ApiErrorCode}` {
  return `apiError.${isKnownCode(code) ? code : "000"}`;
}
