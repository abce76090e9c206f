import { ErrorReason } from "@wegmarke/protocol";
import type { OptinSmsRequest, OptinSmsVerifyRequest } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import { KeyedQueue } from "../participants/keyed-queue";
import { playerStream } from "../participants/participant";
import type { Repositories, Store } from "../store/store";
import { playerLanguage } from "./account-service";
import type { AccountLimits } from "./limits";
import { hashPassword } from "./passwords";
import { mobilePhoneOf, phoneOf } from "./phone";
import { openSession } from "./sessions";
import { checkSmsCode, hashSmsCode, newSmsCode } from "./sms-codes";
import type { SmsSender } from "./sms-sender";
import { codeSms } from "./sms-texts";
import type { Throttle } from "./throttle";

export type RegistrationServiceDeps = {
  store: Store;
  pack: ContentPack;
  clock: Clock;
  sms: SmsSender;
  throttle: Throttle;
  limits: AccountLimits;
};

/**
 * Registration with first name and phone number: an SMS code, its confirmation, and the code
 * as the first password.
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
    const { pack, store, clock, sms, throttle, limits } = this.deps;
    if (request.story_id !== pack.id) throw new ServiceError(400, ErrorReason.unknownStory);
    const phone = mobilePhoneOf(request.phone, pack.phoneRegion);
    await throttle.smsCall(ip);
    const language = playerLanguage(request.language, pack);
    const firstName = request.first_name;

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
      await sms.send(slot, codeSms(language, code));
    });
  }

  /** The unregistered player of `phone`; 402 when the number is registered already. */
  private async pendingPlayerId(repos: Repositories, phone: string): Promise<number> {
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
    const { pack, store, clock, throttle, limits } = this.deps;
    const phone = phoneOf(request.phone, pack.phoneRegion);
    const attempt = await throttle.attempt(
      [{ limiter: throttle.failuresPerIp, key: ip }],
      ErrorReason.tooManyAttempts,
    );
    const code = request.smscode.replace(/\s/g, "");

    return this.queue.run(phone, async () => {
      const player = await store.repos.players.findByPhone(phone);
      if (player?.verifiedAt) {
        await attempt.release();
        throw new ServiceError(402, ErrorReason.alreadyRegistered);
      }
      // The entry counts as a try before the code is compared; a failure stays counted.
      const stored =
        player && (await store.repos.smsCodes.countTry(player.id, limits.smsCodeMaxTries));
      if (!player || !stored || checkSmsCode(stored, code, clock.now()) !== "ok") {
        throw new ServiceError(430, ErrorReason.invalidCode);
      }
      await attempt.release();
      const passwordHash = await hashPassword(code);
      const at = clock.now().toISOString();
      return store.transaction(async (repos) => {
        await repos.smsCodes.delete(player.id);
        // Registered now: the 14 days of the retention rule start here.
        await repos.players.update(player.id, { verifiedAt: at, passwordHash, createdAt: at });
        const stream = playerStream(player.id);
        await repos.streams.create(stream);
        await repos.participants.create(stream, at);
        return openSession(repos, player.id, at);
      });
    });
  }
}
