import { z } from "zod";
import { requestText } from "./text";

/** Calls of the operator console, mounted at `/api/ops/` (docs/security.md#operators). */

/**
 * An operator's name as `npm run operator -- add NAME` takes it: lowercase letters, digits,
 * `.`, `_` and `-`, starting with a letter or digit, at most 40 characters.
 */
export const operatorName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, "expected 1-40 lowercase letters, digits, . _ -");

/** `POST /api/ops/session`: signs the console in; the answer sets the session cookie. */
export const opsSessionRequest = z.object({
  /** Any letter case: names are stored in lowercase. */
  name: requestText().trim().min(1).max(40),
  password: requestText().min(1).max(200),
});
export type OpsSessionRequest = z.infer<typeof opsSessionRequest>;

/** How a call proved it is an operator's: the console's cookie, or `OPERATOR_TOKEN`. */
export const opsAuthKinds = ["session", "token"] as const;
export type OpsAuthKind = (typeof opsAuthKinds)[number];

/** `GET /api/ops/me` and the answer of `POST /api/ops/session`. */
export const opsMe = z.object({
  /** The signed-in operator; null for a call with `OPERATOR_TOKEN`. */
  name: z.string().nullable(),
  via: z.enum(opsAuthKinds),
  /** When the cookie session ends (ISO 8601); absent for the token. */
  expiresAt: z.string().optional(),
});
export type OpsMe = z.infer<typeof opsMe>;

/** Who wrote an audit entry: an operator's session, the token, or the command line. */
export const auditActorKinds = ["session", "token", "cli"] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** One state-changing operator call: who, what, when, and a short detail without secrets. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  via: z.enum(auditActorKinds),
  /** The operator's name; null for the token and the command line. */
  operator: z.string().nullable(),
  /** `signin`, `signout`, `operator.add`, `operator.remove`, ... */
  action: z.string(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /api/ops/audit?before=&limit=`: newest first; `before` pages on (an entry's id). */
export const auditQuery = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** The `before` of the next page; absent on the last one. */
  next: z.number().int().optional(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** Plain-text reasons of the operator calls. */
export const OpsReason = {
  /** 401 for every `/api/ops/` call without a valid session cookie or token. */
  signInRequired: "operator sign-in required",
  /** 401 for `POST /api/ops/session` with an unknown name or a wrong password. */
  signInFailed: "sign-in failed",
} as const;
