import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Files younger than this stay: another process on this machine may be writing or using them. */
export const PRUNE_AFTER_MS = 60 * 60_000;

/**
 * Empties an instance's pack cache (PACK_CACHE_DIR, decisions/032) of what no one needs: the
 * folders of versions other than `keep` (the live one; the server sends media of the live
 * version only), unfinished folders and files left by a stopped process, and each blob that
 * no version folder links any more (its link count is 1). What changed within the last hour
 * stays. Returns how many entries went.
 */
export async function pruneCache(cacheDir: string, keep: string, now: number): Promise<number> {
  const old = async (entry: string) => {
    const info = await stat(entry).catch(() => undefined);
    return info !== undefined && now - info.mtimeMs >= PRUNE_AFTER_MS ? info : undefined;
  };
  let removed = 0;
  const versions = path.join(cacheDir, "versions");
  for (const name of await readdir(versions).catch(() => [])) {
    if (name === keep) continue;
    const entry = path.join(versions, name);
    if (!(await old(entry))) continue;
    await rm(entry, { recursive: true, force: true });
    removed++;
  }
  const blobs = path.join(cacheDir, "blobs");
  for (const name of await readdir(blobs).catch(() => [])) {
    const entry = path.join(blobs, name);
    const info = await old(entry);
    // A whole blob is linked from every version folder that holds it; a `.tmp` is half a one.
    if (!info || (info.nlink > 1 && !name.endsWith(".tmp"))) continue;
    await rm(entry, { force: true });
    removed++;
  }
  return removed;
}
