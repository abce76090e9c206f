import { LRUCache } from "lru-cache";

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Sessions kept at most; the oldest looked-up go first. */
const MAX_ENTRIES = 50_000;

type Entry<Player> = { player: Player; expiresAt: number };

/**
 * Recently used sessions by token hash (the player each token signs in), so a player's calls do
 * not each read the database; generic, so that it knows nothing of the service that uses it.
 * Whatever changes a player's account (sign-out of other devices, team, deletion) forgets the
 * player's entries on every instance (the `account` bus signal); should that signal be lost,
 * an entry still expires after SESSION_CACHE_TTL_MS.
 */
export class SessionCache<Player extends { id: number }> {
  /** The token hashes of each player's entries, so that forget() reads only those. */
  private readonly byPlayer = new Map<number, Set<string>>();
  private readonly entries = new LRUCache<string, Entry<Player>>({
    max: MAX_ENTRIES,
    // Whatever removes an entry (replaced, the oldest making room, deleted) takes it off the index.
    dispose: (entry, tokenHash) => {
      const tokens = this.byPlayer.get(entry.player.id);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) this.byPlayer.delete(entry.player.id);
    },
  });

  get(tokenHash: string, now: number): Player | undefined {
    // A look-up keeps the entry's place: the oldest looked-up in the database go first.
    const entry = this.entries.peek(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.player;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, player: Player, now: number): void {
    this.entries.set(tokenHash, { player, expiresAt: now + SESSION_CACHE_TTL_MS });
    const tokens = this.byPlayer.get(player.id);
    if (tokens) tokens.add(tokenHash);
    else this.byPlayer.set(player.id, new Set([tokenHash]));
  }

  /** Drops every entry: the next call of each player reads the database. */
  clear(): void {
    this.byPlayer.clear();
    this.entries.clear();
  }

  /** Drops every entry of the player: the next call reads the database. */
  forget(playerId: number): void {
    // Copied: each delete takes its token hash off the set.
    for (const tokenHash of [...(this.byPlayer.get(playerId) ?? [])]) {
      this.entries.delete(tokenHash);
    }
  }
}
