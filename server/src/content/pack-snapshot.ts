import { createHash } from "node:crypto";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { ContentError } from "./model";
import { linkProblems } from "./pack-files";

/** One file of a pack: its path below the pack's folder (`/` between parts), bytes and hash. */
export type PackFile = { path: string; bytes: Buffer; hash: string };

/** A pack's files, sorted by path, with the digest that names them together. */
export type PackSnapshot = { files: PackFile[]; digest: string };

/**
 * Reads every file of the pack folder `root` as a version stores it: hidden entries (`.git`,
 * an editor's lock) are left out, a link within the pack is read as the file it points to, and
 * a link that leaves the pack or leads nowhere refuses the whole folder (ContentError), as the
 * loader does.
 */
export async function snapshotFolder(root: string): Promise<PackSnapshot> {
  const links = await linkProblems(root);
  if (links.length > 0) throw new ContentError(links);
  const files: PackFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      const real = entry.isSymbolicLink() ? await realpath(full) : full;
      const info = await stat(real);
      if (info.isDirectory()) await walk(full);
      else if (info.isFile()) {
        const bytes = await readFile(real);
        const relative = path.relative(root, full).split(path.sep).join("/");
        files.push({ path: relative, bytes, hash: blobHash(bytes) });
      }
    }
  };
  await walk(root);
  return snapshotOf(files);
}

/** The files sorted by path, with their digest. */
export function snapshotOf(files: PackFile[]): PackSnapshot {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: sorted, digest: packDigest(sorted) };
}

/** A file's content address: SHA-256 as hex. */
export function blobHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The digest of a pack's files: SHA-256 over each sorted path with its content's hash. Two
 * folders with the same files have the same digest, wherever they lie.
 */
export function packDigest(files: { path: string; hash: string }[]): string {
  const digest = createHash("sha256");
  for (const file of files) digest.update(`${file.path}\0${file.hash}\n`);
  return digest.digest("hex");
}
