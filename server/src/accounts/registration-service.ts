import { ErrorReason } from "@wegmarke/protocol";
import type {
  Language,
  OptinSmsRequest,
  OptinSmsVerifyRequest,
  UpgradeSmsRequest,
  UpgradeVerifyRequest,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { KeyedQueue } from "../lib/keyed-queue";
import { playerStream } from "../participants/participant";
import { openStream } from "../participants/stream-rows";
import type { StreamRepositories } from "../participants/stream-rows";
import type { PlayerRow } from "../store/player-repository";
import type { Repositories, StoreOf } from "../store/store";
import { playerLanguage } from "./account-service";
import type { AccountService } from "./account-service";
import type { AccountLimits } from "../security/limits";
import type { Attempt } from "../security/rate-limiter";
import { hashPassword } from "../security/passwords";
import { mobilePhoneOf, phoneOf } from "./phone";
import { openSession } from "./sessions";
import { checkSmsCode, hashSmsCode, newSmsCode } from "./sms-codes";
import type { SmsSender } from "./sms-sender";
import { codeSms } from "./sms-texts";
import type { Throttle } from "../security/throttle";

/** A verified sign-up opens the player's stream. */
type RegistrationRepositories = Pick<Repositories, "players" | "sessions" | "smsCodes"> &
  StreamRepositories;

export type RegistrationServiceDeps = {
  store: StoreOf<RegistrationRepositories>;
  pack: ContentPack;
  clock: Clock;
  sms: SmsSender;
  throttle: Throttle;
  limits: AccountLimits;
  accounts: AccountService;
};

/**
 * Registration with first name and phone number: an SMS code, its confirmation, and the code
 * as the first password; also for an anonymous player who keeps their game (`upgrade`).
 */
export class RegistrationService {
  /** Calls for one phone number run one after another: no two pending players, no code race. */
  private readonly queue = new KeyedQueue();

  constructor(private readonly deps: RegistrationServiceDeps) {}

  /**
   * Creates a pending player (or refreshes the pending one of that number) and sends a new
   * code; an earlier code stops working. 402 when the number is registered already.
   */
  async register(request: OptinSmsRequest, ip: string): Promise<void> {
    const { pack, throttle } = this.deps;
    if (request.story_id !== pack.id) throw new ServiceError(400, ErrorReason.unknownStory);
    const phone = mobilePhoneOf(request.phone, pack.phoneRegion);
    await throttle.smsCall(ip);
    await this.sendCode(phone, request.first_name, playerLanguage(request.language, pack));
  }

  /**
   * An anonymous player keeps their game with a phone number: as `register`, under the same
   * limits, the number gets a code, which `upgradeVerify` confirms for the player of `Hash`.
   * 409 `account registered` for a player who has a number, 402 for a number registered.
   */
  async upgrade(request: UpgradeSmsRequest, ip: string): Promise<void> {
    const { pack, throttle } = this.deps;
    await this.anonymousPlayer(request.Hash);
    const phone = mobilePhoneOf(request.phone, pack.phoneRegion);
    await throttle.smsCall(ip);
    await this.sendCode(phone, request.first_name, playerLanguage(request.language, pack));
  }

  /**
   * Creates a pending player (or refreshes the pending one of that number) and sends a new
   * code; an earlier code stops working. 402 when the number is registered already.
   */
  private async sendCode(phone: string, firstName: string, language: Language): Promise<void> {
    const { pack, store, clock, sms, limits } = this.deps;
    await this.queue.run(phone, async () => {
      const existing = await store.repos.players.findByPhone(phone);
      if (existing?.verifiedAt) throw new ServiceError(402, ErrorReason.alreadyRegistered);
      const slot = await sms.reserve(phone);
      const code = newSmsCode();
      const now = clock.now();
      const at = now.toISOString();
      await store.transaction(async (repos) => {
        const pending = { firstName, language, createdAt: at };
        const created = existing
          ? undefined
          : await repos.players.createForPhone({ storyId: pack.id, phone, ...pending });
        // Another instance may insert the same new number at the same moment: then this call
        // refreshes that pending player, as it would have a moment later.
        const playerId = created ?? existing?.id ?? (await this.pendingPlayerId(repos, phone));
        if (created === undefined) await repos.players.update(playerId, pending);
        await repos.smsCodes.replace({
          playerId,
          codeHash: hashSmsCode(code),
          expiresAt: new Date(now.getTime() + limits.smsCodeTtlMs).toISOString(),
          failedTries: 0,
        });
      });
      await sms.send(slot, codeSms(language, code, this.deps.pack.title));
    });
  }

  /** The unregistered player of `phone`; 402 when the number is registered already. */
  private async pendingPlayerId(repos: RegistrationRepositories, phone: string): Promise<number> {
    const player = await repos.players.findByPhone(phone);
    if (!player) throw new Error(`no player for a phone number that is taken: ${phone}`);
    if (player.verifiedAt) throw new ServiceError(402, ErrorReason.alreadyRegistered);
    return player.id;
  }

  /**
   * Confirms the code: the player becomes registered, the code becomes the first password, and
   * the returned auth token signs this device in. 430 `invalid code` for a wrong, expired or
   * used-up code and for a number without pending registration.
   */
  async verify(request: OptinSmsVerifyRequest, ip: string): Promise<string> {
    const { pack, store, clock } = this.deps;
    const phone = phoneOf(request.phone, pack.phoneRegion);
    const attempt = await this.codeAttempt(ip);
    const code = request.smscode.replace(/\s/g, "");

    return this.queue.run(phone, async () => {
      const player = await this.confirmedPending(phone, code, attempt);
      const passwordHash = await hashPassword(code);
      const at = clock.now().toISOString();
      return store.transaction(async (repos) => {
        await repos.smsCodes.delete(player.id);
        // Registered now: the 14 days of the retention rule start here.
        await repos.players.update(player.id, { verifiedAt: at, passwordHash, createdAt: at });
        const stream = playerStream(player.id);
        await openStream(repos, stream, at);
        return openSession(repos, player.id, at);
      });
    });
  }

  /**
   * Confirms the code of `upgrade`: the anonymous player of `Hash` becomes registered with the
   * number, first name and language of the request, and keeps their row, and so their game,
   * their team and their sessions; the code becomes the first password. Errors as `verify`'s,
   * and 409 `account registered` for a player who has a number.
   */
  async upgradeVerify(request: UpgradeVerifyRequest, ip: string): Promise<void> {
    const { pack, store, clock, accounts } = this.deps;
    const { id } = await this.anonymousPlayer(request.Hash);
    const phone = phoneOf(request.phone, pack.phoneRegion);
    const attempt = await this.codeAttempt(ip);
    const code = request.smscode.replace(/\s/g, "");

    await this.queue.run(phone, async () => {
      const pending = await this.confirmedPending(phone, code, attempt);
      const passwordHash = await hashPassword(code);
      const at = clock.now().toISOString();
      await store.transaction(async (repos) => {
        const player = await repos.players.find(id);
        if (!player) throw new ServiceError(401, ErrorReason.invalidHash);
        if (player.phone !== null) throw new ServiceError(409, ErrorReason.accountRegistered);
        // The pending row held the number and the code; the player's own row takes the number.
        await repos.players.delete(pending.id);
        await repos.players.update(id, {
          phone,
          firstName: pending.firstName,
          language: pending.language,
          verifiedAt: at,
          passwordHash,
          // Registered now: the 14 days of the retention rule start here.
          createdAt: at,
        });
      });
    });
    accounts.accountChanged(id);
  }

  /** The anonymous player of `token`; 409 `account registered` for one with a number. */
  private async anonymousPlayer(token: string): Promise<PlayerRow> {
    const { id } = await this.deps.accounts.authenticate(token);
    const player = await this.deps.store.repos.players.find(id);
    if (!player) throw new ServiceError(401, ErrorReason.invalidHash);
    if (player.phone !== null) throw new ServiceError(409, ErrorReason.accountRegistered);
    return player;
  }

  /** Counts an entry of an SMS code against the address before it is judged; 429 past it. */
  private codeAttempt(ip: string): Promise<Attempt> {
    const { throttle } = this.deps;
    return throttle.attempt(
      [{ limiter: throttle.failuresPerIp, key: ip }],
      ErrorReason.tooManyAttempts,
    );
  }

  /**
   * The pending player of `phone` whose code `code` is; 402 for a registered number, 430
   * `invalid code` otherwise, which stays counted in `attempt` and against the code's tries.
   */
  private async confirmedPending(
    phone: string,
    code: string,
    attempt: Attempt,
  ): Promise<PlayerRow> {
    const { store, clock, limits } = this.deps;
    const player = await store.repos.players.findByPhone(phone);
    if (player?.verifiedAt) {
      await attempt.release();
      throw new ServiceError(402, ErrorReason.alreadyRegistered);
    }
    // The entry counts as a try before the code is compared.
    const stored =
      player && (await store.repos.smsCodes.countTry(player.id, limits.smsCodeMaxTries));
    if (!player || !stored || checkSmsCode(stored, code, clock.now()) !== "ok") {
      throw new ServiceError(430, ErrorReason.invalidCode);
    }
    await attempt.release();
    return player;
  }
}
