import { ErrorReason } from "@wegmarke/protocol";
import type { LoginPhoneRequest, LoginPhoneResponse } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { Repositories, StoreOf } from "../store/store";
import { verifyNothing, verifyPassword } from "../security/passwords";
import { phoneOf } from "./phone";
import { openSession } from "./sessions";
import { pairKey } from "../security/throttle";
import type { Throttle } from "../security/throttle";

export type LoginServiceDeps = {
  store: StoreOf<Pick<Repositories, "players" | "sessions">>;
  clock: Clock;
  throttle: Throttle;
  /** game.yaml's region for numbers without country code. */
  phoneRegion: ContentPack["phoneRegion"];
};

/** Sign-in with phone number and password. */
export class LoginService {
  constructor(private readonly deps: LoginServiceDeps) {}

  /**
   * Returns a new auth token. 430 `login failed` alike for an unknown number and a wrong
   * password; 411 `not verified` for a registration whose code was never confirmed (the app
   * then verifies with the password as the code); 429 while the (number, address) pair, the
   * address or the number as a whole is held back after too many failures. An address that
   * signed in to the number before is held back by neither the number's nor its own count:
   * strangers cannot lock the owner out (docs/security.md).
   */
  async login(request: LoginPhoneRequest, ip: string): Promise<LoginPhoneResponse> {
    const { store, clock, throttle, phoneRegion } = this.deps;
    const phone = phoneOf(request.phone, phoneRegion);
    const pair = pairKey(phone, ip);
    // A known address counts its failures too, but neither its own count nor the number's
    // holds it back.
    const spared = await throttle.knownAddresses.wasHit(pair);
    const attempt = await throttle.attempt(
      [
        { limiter: throttle.loginFailuresPerPair, key: pair },
        { limiter: throttle.failuresPerIp, key: ip, spared },
        { limiter: throttle.loginFailuresPerPhone, key: phone, spared },
      ],
      ErrorReason.tooManyAttempts,
    );

    const player = await store.repos.players.findByPhone(phone);
    if (player && !player.verifiedAt) {
      await attempt.release();
      throw new ServiceError(411, ErrorReason.notVerified);
    }
    const valid = player?.passwordHash
      ? await verifyPassword(player.passwordHash, request.password)
      : await verifyNothing(request.password);
    // A failure stays counted.
    if (!player || !valid) throw new ServiceError(430, ErrorReason.loginFailed);
    // The owner proved the password: the count against the number starts anew, and this
    // address is the owner's from now on.
    await attempt.release();
    await throttle.loginFailuresPerPair.reset(pair);
    await throttle.loginFailuresPerPhone.reset(phone);
    await throttle.knownAddresses.reset(pair);
    await throttle.knownAddresses.hit(pair);
    const at = clock.now().toISOString();
    const token = await store.transaction((repos) => openSession(repos, player.id, at));
    return player.passwordChosenAt === null
      ? { value: token, passwordIsCode: true }
      : { value: token };
  }
}
