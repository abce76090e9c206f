import { createReadStream } from "node:fs";
import path from "node:path";
import { packDigest } from "../content/pack-snapshot";
import { BLOB_CHUNK } from "../store/pack-blobs";
import type { PackVersion } from "../store/pack-repository";
import type { Repositories, StoreOf } from "../store/store";

/** The versions of the pack: their files' blobs, their lists and releases. */
export type PackStore = StoreOf<Pick<Repositories, "packs">>;
import type { UnpackedFile } from "./zip-unpack";

/** A file's content to keep: its bytes, or a file to read a chunk at a time. */
export type BlobContent =
  { hash: string; bytes: Buffer } | { hash: string; file: string; size: number };

/** Stores `content` as a blob of the pack's, unless it is stored. */
export async function storeBlob(
  repos: Pick<Repositories, "packs">,
  content: BlobContent,
): Promise<void> {
  if ("bytes" in content) return repos.packs.saveBlob(content.hash, content.bytes);
  const { file } = content;
  const read = () => createReadStream(file, { highWaterMark: BLOB_CHUNK });
  return repos.packs.saveBlobStream(content.hash, content.size, read);
}

/**
 * Stores the files unpacked into `dir` (zip-unpack.ts) as a version of an import, each read a
 * chunk at a time; the same files are the version they are.
 */
export async function storeUnpacked(
  store: PackStore,
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
