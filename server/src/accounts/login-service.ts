import { ErrorReason } from "@wegmarke/protocol";
import type { LoginPhoneRequest } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import type { Store } from "../store/store";
import { verifyNothing, verifyPassword } from "./passwords";
import { phoneOf } from "./phone";
import { openSession } from "./sessions";
import { enforce } from "./throttle";
import type { Throttle } from "./throttle";

export type LoginServiceDeps = { store: Store; clock: Clock; throttle: Throttle };

/** Sign-in with phone number and password. */
export class LoginService {
  constructor(private readonly deps: LoginServiceDeps) {}

  /**
   * Returns a new auth token. 430 `login failed` alike for an unknown number and a wrong
   * password; 411 `not verified` for a registration whose code was never confirmed (the app
   * then verifies with the password as the code); 429 while the number or the address is
   * locked after too many failures.
   */
  async login(request: LoginPhoneRequest, ip: string): Promise<string> {
    const { store, clock, throttle } = this.deps;
    const phone = phoneOf(request.phone);
    await enforce(throttle.failuresPerIp, ip, ErrorReason.tooManyAttempts);
    await enforce(throttle.loginFailuresPerPhone, phone, ErrorReason.tooManyAttempts);

    const player = await store.repos.players.findByPhone(phone);
    if (player && !player.verifiedAt) throw new ServiceError(411, ErrorReason.notVerified);
    const valid = player?.passwordHash
      ? await verifyPassword(player.passwordHash, request.password)
      : await verifyNothing(request.password);
    if (!player || !valid) {
      await throttle.failuresPerIp.hit(ip);
      await throttle.loginFailuresPerPhone.hit(phone);
      throw new ServiceError(430, ErrorReason.loginFailed);
    }
    await throttle.loginFailuresPerPhone.reset(phone);
    const at = clock.now().toISOString();
    return store.transaction((repos) => openSession(repos, player.id, at));
  }
}
