import { ErrorReason } from "@wegmarke/protocol";
import type { ChangepassPhoneRequest, ChangepassRequest } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { ServiceError, TooManyRequests } from "../errors";
import { KeyedQueue } from "../participants/keyed-queue";
import type { PlayerRow } from "../store/player-repository";
import type { Store } from "../store/store";
import type { AccountService } from "./account-service";
import type { AccountLimits } from "./limits";
import { hashPassword } from "./passwords";
import { phoneOf } from "./phone";
import type { SmsSender } from "./sms-sender";
import { resetSms } from "./sms-texts";
import type { Throttle } from "./throttle";
import { hashToken, newToken } from "./tokens";

export type PasswordServiceDeps = {
  store: Store;
  clock: Clock;
  accounts: AccountService;
  sms: SmsSender;
  throttle: Throttle;
  limits: AccountLimits;
  /** `PUBLIC_URL`: reset links point at its `/webapp/password`. */
  publicUrl: string;
};

/** A registered player (verified, with phone and password) as the password calls need one. */
type Registered = PlayerRow & { phone: string };

/** Password reset by SMS link, and password change. */
export class PasswordService {
  /** One reset request per player at a time, so the 24-hour rule cannot be raced. */
  private readonly queue = new KeyedQueue();

  constructor(private readonly deps: PasswordServiceDeps) {}

  /**
   * Sends a reset link to the player of `Hash` (signed in) or of `Phone`. An unknown number is
   * answered like a known one and gets no SMS, so the call tells nobody who has an account.
   * 429 when a link went to the account within 24 hours.
   */
  async requestReset(request: ChangepassPhoneRequest, ip: string): Promise<void> {
    const { store, clock, sms, throttle, limits, publicUrl } = this.deps;
    await throttle.smsCall(ip);
    const player = await this.resetTarget(request);
    if (!player) return;

    await this.queue.run(String(player.id), async () => {
      const current = await store.repos.players.find(player.id);
      if (!current) return;
      const now = clock.now();
      const previous = current.resetSentAt;
      if (previous !== null) {
        const waitMs = Date.parse(previous) + limits.resetTokenTtlMs - now.getTime();
        if (waitMs > 0) {
          throw new TooManyRequests(ErrorReason.resetTooSoon, Math.ceil(waitMs / 1000));
        }
      }
      await sms.assertQuota(player.phone);
      const token = newToken();
      const at = now.toISOString();
      await store.transaction(async (repos) => {
        await repos.passwordResets.deleteForPlayer(player.id);
        await repos.passwordResets.create({
          tokenHash: hashToken(token),
          playerId: player.id,
          expiresAt: new Date(now.getTime() + limits.resetTokenTtlMs).toISOString(),
        });
        await repos.players.update(player.id, { resetSentAt: at });
      });
      const link = `${publicUrl}/webapp/password?token=${token}`;
      try {
        await sms.send(player.phone, resetSms(current.language, link));
      } catch (error) {
        // No SMS, no 24-hour wait: the player may ask again.
        await store.transaction(async (repos) => {
          await repos.passwordResets.deleteForPlayer(player.id);
          await repos.players.update(player.id, { resetSentAt: previous });
        });
        throw error;
      }
    });
  }

  /**
   * Sets a new password. `token` is a reset link's token (single use; every device is signed
   * out, since whoever knew the old password must lose access) or the auth token of a signed-in
   * registered player (their other devices are signed out). 401 `invalid hash` otherwise.
   */
  async changePassword(request: ChangepassRequest): Promise<void> {
    const { store, clock } = this.deps;
    const tokenHash = hashToken(request.token);
    const now = clock.now().toISOString();
    const reset = await store.repos.passwordResets.findValid(tokenHash, now);
    const signedIn = reset ? undefined : await store.repos.players.findByTokenHash(tokenHash);
    if (!reset && !signedIn) throw new ServiceError(401, ErrorReason.invalidHash);
    if (signedIn && !signedIn.verifiedAt) throw new ServiceError(403, ErrorReason.invalidPhone);
    // Hashing costs time and memory, so it comes only after the token proved valid.
    const passwordHash = await hashPassword(request.password);

    const playerId = await store.transaction(async (repos) => {
      if (reset) {
        const playerId = await repos.passwordResets.consume(tokenHash, now);
        if (playerId === undefined) throw new ServiceError(401, ErrorReason.invalidHash);
        await repos.players.update(playerId, { passwordHash });
        await repos.sessions.deleteForPlayer(playerId);
        return playerId;
      }
      if (!signedIn) return undefined;
      await repos.players.update(signedIn.id, { passwordHash });
      await repos.sessions.deleteForPlayer(signedIn.id, tokenHash);
      await repos.passwordResets.deleteForPlayer(signedIn.id);
      return signedIn.id;
    });
    // The other devices are signed out: no instance may still know their sessions.
    if (playerId !== undefined) this.deps.accounts.accountChanged(playerId);
  }

  /** The registered player a reset is for; undefined for an unknown number. */
  private async resetTarget(request: ChangepassPhoneRequest): Promise<Registered | undefined> {
    const { store, accounts } = this.deps;
    if (request.Hash !== undefined) {
      const { id } = await accounts.authenticate(request.Hash);
      const player = await store.repos.players.find(id);
      // An anonymous player has no number to send a link to.
      if (!player || !isRegistered(player)) throw new ServiceError(403, ErrorReason.invalidPhone);
      return player;
    }
    const player = await store.repos.players.findByPhone(phoneOf(request.Phone ?? ""));
    return player && isRegistered(player) ? player : undefined;
  }
}

function isRegistered(player: PlayerRow): player is Registered {
  return player.phone !== null && player.verifiedAt !== null;
}
