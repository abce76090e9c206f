import type { AccountService, Player } from "../accounts/account-service";
import { ParticipantChanged } from "../errors";
import { participantOf } from "../game/participant";
import type { Participant } from "../game/participant";

/**
 * Runs `work` as the participant whose token the call carries (401 `invalid hash` otherwise).
 * When the participant changed (a team joined through another instance, whose news has not
 * reached this one's session cache yet), the player is looked up afresh and `work` runs once
 * more: a call that failed so changed nothing.
 */
export async function asParticipant<T>(
  accounts: AccountService,
  token: unknown,
  work: (participant: Participant, player: Player) => Promise<T>,
): Promise<T> {
  const player = await accounts.authenticate(token);
  try {
    return await work(participantOf(player), player);
  } catch (error) {
    if (!(error instanceof ParticipantChanged)) throw error;
    accounts.forget(player.id);
    const fresh = await accounts.authenticate(token);
    return work(participantOf(fresh), fresh);
  }
}
