import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import { storeBlob } from "../packs/pack-import";
import type { Repositories, StoreOf } from "../store/store";
import { pathClash } from "./draft-files";

/**
 * One file of a batch: its new content (bytes to store, the hash of a stored blob, or null
 * for a removal) over the content it `replaces` (null: none).
 */
export type BatchChange = {
  path: string;
  content: { hash: string; bytes?: Buffer } | { hash: null };
  replaces: string | null;
};

export type BatchDeps = {
  store: StoreOf<Pick<Repositories, "drafts" | "packs">>;
  clock: Clock;
};

/** Thrown inside the transaction to roll back the files written before a later one failed. */
class Overtaken extends Error {}

/**
 * Writes `changes` into the draft in one transaction, each over the content it replaces: all
 * of them, or none where one of them changed meanwhile (false). A copied file names a blob that
 * is stored already; a changed text brings its bytes.
 */
export async function writeBatch(
  deps: BatchDeps,
  changes: BatchChange[],
  by: string | null,
): Promise<boolean> {
  const at = deps.clock.now().toISOString();
  try {
    return await deps.store.transaction(async (repos) => {
      const live = await repos.packs.live();
      if (!live) throw new ServiceError(409, "no version of the pack is live yet");
      const base = await repos.packs.byId(await repos.drafts.start(live.id));
      if (!base) throw new Error("the draft's version is missing");
      const originals = new Map(base.files.map((file) => [file.path, file.hash]));
      const listed = await repos.drafts.files();
      const entries = new Map(listed.map((entry) => [entry.path, entry]));
      const currentOf = (path: string) => {
        const entry = entries.get(path);
        return entry ? entry.hash : (originals.get(path) ?? null);
      };
      if (changes.some((change) => currentOf(change.path) !== change.replaces)) return false;
      for (const { path, content } of changes) {
        if (content.hash === null) continue;
        const clash = pathClash(path, base.files, listed);
        if (clash !== undefined) throw new ServiceError(422, clash);
        if (content.bytes) await storeBlob(repos, { hash: content.hash, bytes: content.bytes });
      }
      for (const { path, content } of changes) {
        const entry = entries.get(path);
        const written =
          content.hash === (originals.get(path) ?? null)
            ? entry === undefined || (await repos.drafts.revert(path, entry.hash))
            : await repos.drafts.write(
                { path, hash: content.hash, updatedAt: at, updatedBy: by },
                entry === undefined ? undefined : entry.hash,
              );
        if (!written) throw new Overtaken();
      }
      return true;
    });
  } catch (error) {
    if (error instanceof Overtaken) return false;
    throw error;
  }
}
