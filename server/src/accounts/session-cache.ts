/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Sessions kept at most; the oldest looked-up go first. */
const MAX_ENTRIES = 50_000;

/**
 * Recently used sessions by token hash (the player each token signs in), so a player's calls do
 * not each read the database; generic, so that it knows nothing of the service that uses it.
 * Whatever changes a player's account (sign-out of other devices, team, deletion) forgets the
 * player's entries on every instance (the `account` bus signal); should that signal be lost,
 * an entry still expires after SESSION_CACHE_TTL_MS.
 */
export class SessionCache<Player extends { id: number }> {
  private readonly entries = new Map<string, { player: Player; expiresAt: number }>();

  get(tokenHash: string, now: number): Player | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.player;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, player: Player, now: number): void {
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { player, expiresAt: now + SESSION_CACHE_TTL_MS });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Drops every entry: the next call of each player reads the database. */
  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry of the player: the next call reads the database. */
  forget(playerId: number): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.player.id === playerId) this.entries.delete(tokenHash);
    }
  }
}
