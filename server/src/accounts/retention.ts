import type { Clock } from "../clock";
import { playerStream, teamStream } from "../participants/participant";
import type { PlayerRow } from "../store/player-repository";
import type { Repositories, Store, StoreOf } from "../store/store";
import type { AccountLimits } from "../security/limits";
import { erasePlayer } from "./erasure";
import type { ErasureRepositories } from "./erasure";

/** The sweep erases players and deletes the expired rows of the tables it names. */
type RetentionRepositories = ErasureRepositories &
  Pick<Repositories, "smsCodes" | "passwordResets" | "sessions" | "teamInvitations" | "rateHits">;

/** Players erased per transaction: a large backlog must not hold the database for long. */
const BATCH = 100;

/**
 * The retention rule (spec section 1): an account that activated no station within
 * `inactiveAccountTtlMs` of its registration is erased, like one deleted by its player. Expired
 * SMS codes, reset links, team invitations, rate-limit hits and sessions unused for
 * `sessionIdleMs` go too. Returns the ids of the players erased. `secret`: the server's, for
 * erasePlayer.
 */
export async function sweepExpiredData(
  store: StoreOf<RetentionRepositories> & Pick<Store, "scrub">,
  clock: Clock,
  limits: Pick<AccountLimits, "inactiveAccountTtlMs" | "sessionIdleMs">,
  secret: Buffer,
): Promise<number[]> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - limits.inactiveAccountTtlMs).toISOString();
  const erased: number[] = [];
  for (;;) {
    // Listed and erased in one transaction: a station activated meanwhile saves the player.
    const batch = await store.transaction(async (repos) => {
      const candidates = await repos.players.listInactiveSince(cutoff, BATCH);
      // PostgreSQL runs turns alongside: once the candidates' streams are locked (a turn holds
      // its stream until it commits), looking again sees every station activated meanwhile.
      // A second instance sweeping at once waits here and then finds them gone.
      await repos.streams.lock(candidates.flatMap(streamsOf));
      const ids = candidates.map((player) => player.id);
      const players = await repos.players.listInactiveSince(cutoff, BATCH, ids);
      for (const player of players) await erasePlayer(repos, player, secret);
      return { listed: candidates.length, erased: players.map((player) => player.id) };
    });
    erased.push(...batch.erased);
    if (batch.listed < BATCH) break;
  }
  if (erased.length > 0) await store.scrub();
  const at = now.toISOString();
  await store.transaction(async (repos) => {
    await repos.smsCodes.deleteExpired(at);
    await repos.passwordResets.deleteExpired(at);
    await repos.teamInvitations.deleteExpired(at);
    await repos.rateHits.deleteExpired(at);
    await repos.sessions.deleteUnusedSince(
      new Date(now.getTime() - limits.sessionIdleMs).toISOString(),
    );
  });
  return erased;
}

/** The streams whose station runs keep a player's account: their own and their team's. */
function streamsOf(player: Pick<PlayerRow, "id" | "teamId">): string[] {
  const own = playerStream(player.id);
  return player.teamId === null ? [own] : [own, teamStream(player.teamId)];
}
