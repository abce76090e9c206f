import { createHash, timingSafeEqual } from "node:crypto";
import { ErrorReason, OpsReason } from "@wegmarke/protocol";
import type {
  AuditPage,
  AuditQuery,
  OpsMe,
  OpsRole,
  OpsPasswordRequest,
  OpsSessionRequest,
} from "@wegmarke/protocol";
import {
  hashPassword,
  isCommonPassword,
  verifyNothing,
  verifyPassword,
} from "../security/passwords";
import { pairKey } from "../security/throttle";
import type { Throttle } from "../security/throttle";
import { hashToken, newToken } from "../security/tokens";
import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import type { OperatorAuditRow } from "../store/operator-repository";
import type { Repositories, StoreOf } from "../store/store";
import { meOf, rolesOf } from "./ops-caller";
import type { OpsCaller } from "./ops-caller";

/** The operators' table, their sessions and the audit log. */
export type OperatorStore = StoreOf<Pick<Repositories, "operators">>;

export type OperatorServiceDeps = {
  store: OperatorStore;
  clock: Clock;
  throttle: Throttle;
  /** How long a console session lasts from sign-in. */
  sessionMs: number;
  /** `OPERATOR_TOKEN`: accepted as `Authorization: Bearer` when set. */
  operatorToken: string | undefined;
};

/** What a call carries that may prove it is an operator's. */
export type OpsCredentials = {
  /** The session cookie's value. */
  sessionToken: string | undefined;
  /** The `Authorization` header. */
  authorization: string | undefined;
};

/** The console's sign-in, its sessions, the token for scripts, and the audit log. */
export class OperatorService {
  /** SHA-256 of OPERATOR_TOKEN: compared in constant time with the hash of what a call sends. */
  private readonly tokenDigest: Buffer | undefined;

  constructor(private readonly deps: OperatorServiceDeps) {
    const { operatorToken } = deps;
    this.tokenDigest = operatorToken === undefined ? undefined : digest(operatorToken);
  }

  /**
   * Opens a console session; answers its token (the cookie's value, never stored) and who
   * signed in. 401 `sign-in failed` alike for an unknown name and a wrong password; 429 while
   * the address, or the name (unless this address signed in to it before), failed too often.
   */
  async signIn(
    request: OpsSessionRequest,
    ip: string,
  ): Promise<{ token: string; me: OpsMe; maxAgeSeconds: number }> {
    const { store, clock, throttle, sessionMs } = this.deps;
    const name = request.name.toLowerCase();
    const known = pairKey(`operator:${name}`, ip);
    const attempt = await throttle.attempt(
      [
        { limiter: throttle.opsLoginFailuresPerIp, key: ip },
        {
          limiter: throttle.opsLoginFailuresPerName,
          key: name,
          spared: await throttle.knownAddresses.wasHit(known),
        },
      ],
      ErrorReason.tooManyAttempts,
    );
    const operator = await store.repos.operators.findByName(name);
    const valid = operator
      ? await verifyPassword(operator.passwordHash, request.password)
      : await verifyNothing(request.password);
    // A failure stays counted.
    if (!operator || !valid) throw new ServiceError(401, OpsReason.signInFailed);
    await attempt.release();
    await throttle.opsLoginFailuresPerName.reset(name);
    await throttle.knownAddresses.reset(known);
    await throttle.knownAddresses.hit(known);
    const now = clock.now();
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + sessionMs).toISOString();
    const token = newToken();
    await store.transaction(async (repos) => {
      await repos.operators.deleteExpiredSessions(at);
      await repos.operators.createSession({
        tokenHash: hashToken(token),
        operatorId: operator.id,
        createdAt: at,
        expiresAt,
      });
      await repos.operators.audit({
        at,
        via: "session",
        operator: operator.name,
        action: "signin",
        detail: `from ${ip}`,
      });
    });
    return {
      token,
      me: meOf({
        via: "session",
        id: operator.id,
        name: operator.name,
        tokenHash: hashToken(token),
        expiresAt,
        passwordChangeRequired: operator.passwordChosenAt === null,
        ...(await this.rolesHere(operator.id)),
        admin: operator.admin === 1,
      }),
      maxAgeSeconds: Math.floor(sessionMs / 1000),
    };
  }

  /**
   * The caller of an `/api/ops/` call: the `Authorization` header decides when it is there
   * (a Bearer token equal to OPERATOR_TOKEN), the session cookie otherwise. 401 without either.
   */
  async authenticate({ sessionToken, authorization }: OpsCredentials): Promise<OpsCaller> {
    if (authorization !== undefined) {
      const match = /^Bearer +(\S+)$/i.exec(authorization);
      const { tokenDigest } = this;
      if (match?.[1] && tokenDigest && timingSafeEqual(digest(match[1]), tokenDigest)) {
        return { via: "token" };
      }
      throw new ServiceError(401, OpsReason.signInRequired);
    }
    if (sessionToken !== undefined && /^[0-9a-f]{64}$/.test(sessionToken)) {
      const tokenHash = hashToken(sessionToken);
      const now = this.deps.clock.now().toISOString();
      const session = await this.deps.store.repos.operators.findSession(tokenHash, now);
      if (session) {
        return {
          via: "session",
          id: session.operatorId,
          name: session.name,
          tokenHash,
          expiresAt: session.expiresAt,
          passwordChangeRequired: session.passwordChosenAt === null,
          roles: rolesOf(session.roles ?? ""),
          member: session.roles !== null,
          admin: session.admin === 1,
        };
      }
    }
    throw new ServiceError(401, OpsReason.signInRequired);
  }

  /** What the operator may do in this game. */
  private async rolesHere(operatorId: number): Promise<{ roles: OpsRole[]; member: boolean }> {
    const stored = await this.deps.store.repos.operators.rolesHere(operatorId);
    return { roles: rolesOf(stored ?? ""), member: stored !== null };
  }

  /** The games the caller sees: every one for the token and the admin. */
  async gamesOf(caller: OpsCaller): Promise<ReadonlySet<number> | "every"> {
    if (caller.via === "token" || caller.admin) return "every";
    const held = await this.deps.store.repos.operators.gamesOf(caller.id);
    return new Set(held.map((entry) => entry.gameId));
  }

  /**
   * 403 `password change required` while the caller's password is a one-time password of the
   * command line, unless `open` (the calls that lead to its change: `me`, sign-out, password).
   */
  assertMayCall(caller: OpsCaller, open: boolean): void {
    if (!open && caller.via === "session" && caller.passwordChangeRequired) {
      throw new ServiceError(403, OpsReason.passwordChangeRequired);
    }
  }

  /**
   * The signed-in operator chooses a new password, proven with the current one: the players'
   * rules (passwordSchema, no common password) and limits (5 changes an hour per operator; a
   * wrong current password counts against the address like a failed sign-in). The operator's
   * other sessions end; the change is audit-logged. 400 for the token, which has no password.
   */
  async changePassword(caller: OpsCaller, request: OpsPasswordRequest, ip: string): Promise<OpsMe> {
    const { store, clock, throttle } = this.deps;
    if (caller.via !== "session") throw new ServiceError(400, OpsReason.noPassword);
    if (isCommonPassword(request.password)) {
      throw new ServiceError(400, ErrorReason.commonPassword);
    }
    // Every change counts against the operator; only a wrong password against the address.
    const attempt = await throttle.attempt(
      [
        { limiter: throttle.passwordChangesPerPlayer, key: `operator:${caller.name}` },
        { limiter: throttle.opsLoginFailuresPerIp, key: ip },
      ],
      ErrorReason.tooManyAttempts,
    );
    const operator = await store.repos.operators.findByName(caller.name);
    if (!operator) throw new ServiceError(401, OpsReason.signInRequired);
    if (!(await verifyPassword(operator.passwordHash, request.current))) {
      throw new ServiceError(403, OpsReason.wrongPassword);
    }
    await attempt.release(throttle.opsLoginFailuresPerIp);
    if (request.password === request.current) {
      throw new ServiceError(400, OpsReason.samePassword);
    }
    const passwordHash = await hashPassword(request.password);
    const at = clock.now().toISOString();
    await store.transaction(async (repos) => {
      await repos.operators.choosePassword(operator.id, passwordHash, at, caller.tokenHash);
      await repos.operators.audit({
        at,
        via: "session",
        operator: caller.name,
        action: "password.change",
        detail: null,
      });
    });
    return meOf({ ...caller, passwordChangeRequired: false });
  }

  /** Ends the caller's console session (a call with the token has none to end). */
  async signOut(caller: OpsCaller): Promise<void> {
    if (caller.via !== "session") return;
    const at = this.deps.clock.now().toISOString();
    await this.deps.store.transaction(async (repos) => {
      await repos.operators.deleteSession(caller.tokenHash);
      await repos.operators.audit({
        at,
        via: "session",
        operator: caller.name,
        action: "signout",
        detail: null,
      });
    });
  }

  /** Writes a changing call of `caller` to the audit log. */
  async record(caller: OpsCaller, action: string, detail: string | null = null): Promise<void> {
    await this.deps.store.repos.operators.audit({
      at: this.deps.clock.now().toISOString(),
      via: caller.via,
      operator: caller.via === "session" ? caller.name : null,
      action,
      detail,
    });
  }

  /** Newest first, `limit` at a time. */
  async auditPage({ before, limit }: AuditQuery): Promise<AuditPage> {
    // One more than asked tells whether a next page exists.
    const rows = await this.deps.store.repos.operators.auditPage(limit + 1, before);
    const entries = rows.slice(0, limit).map(toEntry);
    const last = entries.at(-1);
    return rows.length > limit && last ? { entries, next: last.id } : { entries };
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function toEntry(row: OperatorAuditRow): AuditPage["entries"][number] {
  return {
    id: row.id,
    at: row.at,
    via: row.via as AuditPage["entries"][number]["via"],
    operator: row.operator,
    action: row.action,
    detail: row.detail,
  };
}
