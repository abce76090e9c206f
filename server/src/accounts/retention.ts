import type { Clock } from "../clock";
import type { Store } from "../store/store";
import { erasePlayer } from "./erasure";

/** Players erased per transaction: a large backlog must not hold the database for long. */
const BATCH = 100;

/**
 * The retention rule (spec section 1): an account that activated no station within
 * `inactiveAccountTtlMs` of its registration is erased, like one deleted by its player. Expired
 * SMS codes, reset links and team invitations go too. Returns how many players were erased.
 */
export async function sweepExpiredData(
  store: Store,
  clock: Clock,
  inactiveAccountTtlMs: number,
): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - inactiveAccountTtlMs).toISOString();
  let erased = 0;
  for (;;) {
    // Listed and erased in one transaction: a station activated meanwhile saves the player.
    const batch = await store.transaction(async (repos) => {
      const players = await repos.players.listInactiveSince(cutoff, BATCH);
      for (const player of players) await erasePlayer(repos, player);
      return players.length;
    });
    erased += batch;
    if (batch < BATCH) break;
  }
  const at = now.toISOString();
  await store.transaction(async (repos) => {
    await repos.smsCodes.deleteExpired(at);
    await repos.passwordResets.deleteExpired(at);
    await repos.teamInvitations.deleteExpired(at);
  });
  return erased;
}
