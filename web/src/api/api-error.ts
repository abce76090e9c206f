import { ErrorCode } from "@wegmarke/protocol";
import type { ApiError } from "@wegmarke/protocol";

/** The reason of a 000 for a call that reached no server: the phone has no connection. */
export const NETWORK_UNREACHABLE = "network unreachable";

/** A rejected call: the HTTP status as code (000 for network or local input failures). */
export class ApiFailure extends Error implements ApiError {
  readonly code: string;
  readonly reason: string;

  constructor(code: string, reason: string) {
    super(`${code}: ${reason}`);
    this.name = "ApiFailure";
    this.code = code;
    this.reason = reason;
  }
}

/** Any thrown value as the spec's error shape {code, reason}. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiFailure) return { code: error.code, reason: error.reason };
  return {
    code: ErrorCode.general,
    reason: error instanceof Error ? error.message : String(error),
  };
}
