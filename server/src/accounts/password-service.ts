import { ErrorReason } from "@wegmarke/protocol";
import type {
  ChangepassPhoneRequest,
  ChangepassRequest,
  ResetLink,
  ResetLinkRequest,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { KeyedQueue } from "../lib/keyed-queue";
import type { PlayerRow } from "../store/player-repository";
import type { Repositories, StoreOf } from "../store/store";
import type { AccountService } from "./account-service";
import type { AccountLimits } from "../security/limits";
import { hashPassword, isCommonPassword, verifyPassword } from "../security/passwords";
import { phoneOf } from "./phone";
import type { SmsSender } from "./sms-sender";
import { resetSms } from "./sms-texts";
import type { Throttle } from "../security/throttle";
import { hashToken, newToken } from "../security/tokens";

export type PasswordServiceDeps = {
  store: StoreOf<Pick<Repositories, "players" | "sessions" | "passwordResets">>;
  clock: Clock;
  accounts: AccountService;
  sms: SmsSender;
  throttle: Throttle;
  limits: AccountLimits;
  /** `PUBLIC_URL`: reset links point at its `/webapp/password`. */
  publicUrl: string;
  /**
   * game.yaml's region for numbers without country code, and its title, which signs the SMS
   * (read per call: a reload changes them).
   */
  pack: Pick<ContentPack, "phoneRegion" | "title">;
};

/** A registered player (verified, with phone and password) as the password calls need one. */
type Registered = PlayerRow & { phone: string };

/** Password reset by SMS link, and password change. */
export class PasswordService {
  /** One reset link per player at a time: each replaces the one before. */
  private readonly queue = new KeyedQueue();

  constructor(private readonly deps: PasswordServiceDeps) {}

  /**
   * Sends a reset link to the player of `Hash` (signed in) or of `Phone`. By number, one link
   * per number and 24 hours (429 `password reset within 24 hours`), counted whether or not the
   * number has an account: an unknown number is answered like a known one and gets no SMS, so
   * the call tells nobody who has an account. A stranger's request cannot lock the owner out:
   * its link went to the owner's phone and works for 24 hours. A signed-in device proves the
   * account and is not held to the daily rule (the SMS limit per number still holds).
   */
  async requestReset(request: ChangepassPhoneRequest, ip: string): Promise<void> {
    const { store, throttle } = this.deps;
    await throttle.smsCall(ip);
    if (request.Hash !== undefined) {
      const { id } = await this.deps.accounts.authenticate(request.Hash);
      const player = await store.repos.players.find(id);
      // An anonymous player has no number to send a link to.
      if (!player || !isRegistered(player)) throw new ServiceError(403, ErrorReason.invalidPhone);
      await this.queue.run(String(player.id), () => this.sendLink(player));
      return;
    }
    const phone = phoneOf(request.Phone ?? "", this.deps.pack.phoneRegion);
    const attempt = await throttle.attempt(
      [{ limiter: throttle.resetsPerPhone, key: phone }],
      ErrorReason.resetTooSoon,
    );
    const player = await store.repos.players.findByPhone(phone);
    if (!player || !isRegistered(player)) return;
    try {
      await this.queue.run(String(player.id), () => this.sendLink(player));
    } catch (error) {
      // No link went out: the day is not used up.
      await attempt.release();
      throw error;
    }
  }

  /**
   * Sets a new password. `token` is a reset link's token (single use; every device is signed
   * out, since whoever knew the old password must lose access) or the auth token of a signed-in
   * registered player together with the `current` password (their other devices are signed
   * out). 401 `invalid hash` otherwise; 400 for a password from the list of common ones.
   */
  async changePassword(request: ChangepassRequest, ip: string): Promise<void> {
    const { store, clock, throttle } = this.deps;
    if (isCommonPassword(request.password)) {
      throw new ServiceError(400, ErrorReason.commonPassword);
    }
    const tokenHash = hashToken(request.token);
    const now = clock.now().toISOString();
    const reset = await store.repos.passwordResets.findValid(tokenHash, now);
    const signedIn = reset ? undefined : await this.signedInPlayer(request, ip);
    // Hashing costs time and memory, so it comes only after the token proved valid.
    const passwordHash = await hashPassword(request.password);
    const changes = { passwordHash, passwordChosenAt: now };

    const player = await store.transaction(async (repos) => {
      if (reset) {
        const playerId = await repos.passwordResets.consume(tokenHash, now);
        if (playerId === undefined) throw new ServiceError(401, ErrorReason.invalidHash);
        await repos.players.update(playerId, changes);
        await repos.sessions.deleteForPlayer(playerId);
        return repos.players.find(playerId);
      }
      if (!signedIn) return undefined;
      await repos.players.update(signedIn.id, changes);
      await repos.sessions.deleteForPlayer(signedIn.id, tokenHash);
      await repos.passwordResets.deleteForPlayer(signedIn.id);
      return signedIn;
    });
    if (!player) return;
    // The link came by SMS: the owner holds the number, and signs in with the new password
    // whatever strangers tried against it.
    if (reset && player.phone !== null) await throttle.loginFailuresPerPhone.reset(player.phone);
    // The other devices are signed out: no instance may still know their sessions.
    this.deps.accounts.accountChanged(player.id);
  }

  /**
   * What a reset link is now: valid, used (a password was set with it; with the time from
   * which the number may ask for a new link) or invalid (unknown, expired, replaced). An
   * unknown token counts against the address like a failed login.
   */
  async linkState(request: ResetLinkRequest, ip: string): Promise<ResetLink> {
    const { store, clock, throttle } = this.deps;
    const attempt = await throttle.attempt(
      [{ limiter: throttle.failuresPerIp, key: ip }],
      ErrorReason.tooManyAttempts,
    );
    const now = clock.now();
    const reset = await store.repos.passwordResets.find(
      hashToken(request.token),
      now.toISOString(),
    );
    // An unknown token stays counted.
    if (!reset) return { State: "invalid" };
    await attempt.release();
    if (reset.usedAt === null) return { State: "valid" };
    const player = await store.repos.players.find(reset.playerId);
    const waitMs = player?.phone ? await throttle.resetsPerPhone.retryAfterMs(player.phone) : 0;
    return waitMs > 0
      ? { State: "used", NewLinkAt: new Date(now.getTime() + waitMs).toISOString() }
      : { State: "used" };
  }

  /**
   * The registered player of a signed-in password change, who proved the account with the
   * current password. 5 changes per hour and player (429); a wrong password counts against
   * the address like a failed login.
   */
  private async signedInPlayer(request: ChangepassRequest, ip: string): Promise<Registered> {
    const { store, throttle } = this.deps;
    const { id } = await this.deps.accounts.authenticate(request.token);
    const player = await store.repos.players.find(id);
    if (!player || !isRegistered(player)) throw new ServiceError(403, ErrorReason.invalidPhone);
    if (request.current === undefined) {
      throw new ServiceError(400, ErrorReason.currentPasswordNeeded);
    }
    // Every change counts against the player; only a wrong password against the address.
    const attempt = await throttle.attempt(
      [
        { limiter: throttle.passwordChangesPerPlayer, key: String(player.id) },
        { limiter: throttle.failuresPerIp, key: ip },
      ],
      ErrorReason.tooManyAttempts,
    );
    if (!player.passwordHash || !(await verifyPassword(player.passwordHash, request.current))) {
      throw new ServiceError(430, ErrorReason.wrongPassword);
    }
    await attempt.release(throttle.failuresPerIp);
    return player;
  }

  /** Replaces the player's reset link with a new one and sends it by SMS. */
  private async sendLink(player: Registered): Promise<void> {
    const { store, clock, sms, limits, publicUrl } = this.deps;
    const slot = await sms.reserve(player.phone);
    const token = newToken();
    const now = clock.now();
    await store.transaction(async (repos) => {
      await repos.passwordResets.deleteForPlayer(player.id);
      await repos.passwordResets.create({
        tokenHash: hashToken(token),
        playerId: player.id,
        expiresAt: new Date(now.getTime() + limits.resetTokenTtlMs).toISOString(),
      });
    });
    const link = `${publicUrl}/webapp/password?token=${token}`;
    try {
      await sms.send(slot, resetSms(player.language, link, this.deps.pack.title));
    } catch (error) {
      // No SMS, no link, and the daily rule is not used up: the player may ask again.
      await store.transaction((repos) => repos.passwordResets.deleteForPlayer(player.id));
      throw error;
    }
  }
}

function isRegistered(player: PlayerRow): player is Registered {
  return player.phone !== null && player.verifiedAt !== null;
}
