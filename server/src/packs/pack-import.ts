import { createReadStream } from "node:fs";
import path from "node:path";
import { packDigest } from "../content/pack-snapshot";
import { BLOB_CHUNK } from "../store/pack-repository";
import type { PackVersion } from "../store/pack-repository";
import type { Store } from "../store/store";
import type { UnpackedFile } from "./zip-unpack";

/**
 * Stores the files unpacked into `dir` (zip-unpack.ts) as a version of an import, each read a
 * chunk at a time; the same files are the version they are.
 */
export async function storeUnpacked(
  store: Store,
  dir: string,
  unpacked: UnpackedFile[],
  made: { author: string | null; createdAt: string },
): Promise<PackVersion> {
  const files = [...unpacked].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const digest = packDigest(files);
  return store.transaction(async (repos) => {
    const known = await repos.packs.byDigest(digest);
    if (known) return known;
    for (const file of files) {
      const source = path.join(dir, ...file.path.split("/"));
      await repos.packs.saveBlobStream(file.hash, file.size, () =>
        createReadStream(source, { highWaterMark: BLOB_CHUNK }),
      );
    }
    const saved = await repos.packs.saveListed({ digest, files, source: "import", ...made });
    return saved.version;
  });
}
