import type { AccountService } from "../accounts/account-service";
import { participantOf } from "../game/participant";
import type { Participant } from "../game/participant";

/** The participant whose token a call carries (401 `invalid hash` otherwise). */
export async function authenticate(accounts: AccountService, token: unknown): Promise<Participant> {
  return participantOf(await accounts.authenticate(token));
}
