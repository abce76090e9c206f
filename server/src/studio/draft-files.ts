import { copyFile, link, mkdir } from "node:fs/promises";
import path from "node:path";
import type { OpsDraftFile } from "@wegmarke/protocol";
import type { DraftFile } from "../store/pack-draft-repository";
import type { PackFileEntry, PackVersion } from "../store/pack-repository";
import type { PackLibrary } from "../packs/pack-library";

/** The draft as stored: the version it started from, the live one, and its changed files. */
export type DraftState = {
  base: PackVersion;
  live: PackVersion;
  changes: Map<string, DraftFile>;
};

/** A path's content in the draft, with who changed it there. */
export function currentOf(
  state: DraftState,
  file: string,
): { hash: string | null; by: string | null; at: string | null } {
  const change = state.changes.get(file);
  if (change) return { hash: change.hash, by: change.updatedBy, at: change.updatedAt };
  const original = state.base.files.find((f) => f.path === file);
  return { hash: original?.hash ?? null, by: null, at: null };
}

/** The files the draft makes, sorted by path: the version a publish stores. */
export function entriesOf(state: DraftState): PackFileEntry[] {
  return listFiles(state)
    .filter((file): file is OpsDraftFile & { hash: string } => file.hash !== null)
    .map(({ path: file, hash, size }) => ({ path: file, hash, size }));
}

/**
 * Why the draft cannot have a file at `file` beside the files of `base` with its `changes`:
 * one of its folders is a file, or it is a folder of other files; undefined when it can.
 */
export function pathClash(
  file: string,
  base: PackFileEntry[],
  changes: DraftFile[],
): string | undefined {
  const present = new Set(base.map((f) => f.path));
  for (const change of changes) {
    if (change.hash === null) present.delete(change.path);
    else present.add(change.path);
  }
  for (const other of present) {
    if (file.startsWith(`${other}/`)) {
      return `${JSON.stringify(file)}: ${JSON.stringify(other)} is a file of the pack, no folder`;
    }
    if (other.startsWith(`${file}/`)) {
      return `${JSON.stringify(file)}: the pack has a folder of this name`;
    }
  }
  return undefined;
}

export function listFiles(state: DraftState): OpsDraftFile[] {
  const files = new Map<string, OpsDraftFile>();
  for (const file of state.base.files) {
    files.set(file.path, { ...file, state: "same", by: null, at: null });
  }
  for (const change of state.changes.values()) {
    const original = files.get(change.path);
    files.set(change.path, {
      path: change.path,
      hash: change.hash,
      size: change.size,
      state: change.hash === null ? "removed" : original ? "changed" : "added",
      by: change.updatedBy,
      at: change.updatedAt,
    });
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Writes `files` into `dir` as links into this instance's blob cache (copies where links fail). */
export async function writeFolder(
  dir: string,
  files: PackFileEntry[],
  library: PackLibrary,
): Promise<void> {
  for (const file of files) {
    const target = path.join(dir, ...file.path.split("/"));
    await mkdir(path.dirname(target), { recursive: true });
    const blob = await library.blobFile(file.hash);
    await link(blob, target).catch(() => copyFile(blob, target));
  }
}
