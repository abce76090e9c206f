import type { OpsPackFileChange, OpsPackHunk } from "@wegmarke/protocol";
import { structuredPatch } from "diff";
import type { PackFileEntry } from "../store/pack-repository";

/** Files shown line by line: the pack's texts. Media and other files are named with sizes. */
const TEXT = /\.(ya?ml|ink|md|txt|json|csv)$/i;
/** A text larger than this is named with its sizes only. */
export const LARGEST_SHOWN = 256 * 1024;
/** Lines of context around each change. */
const CONTEXT = 3;

/** Reads a file of the base (`before`) or the newer version (`after`) as text. */
export type ReadText = (side: "before" | "after", file: PackFileEntry) => Promise<string>;

/**
 * What differs from `before` to `after`, sorted by path: files added, removed or changed (by
 * their content's hash), with a text file's changed lines as unified-diff hunks.
 */
export async function packChanges(
  before: PackFileEntry[],
  after: PackFileEntry[],
  read: ReadText,
): Promise<OpsPackFileChange[]> {
  const old = new Map(before.map((file) => [file.path, file]));
  const now = new Map(after.map((file) => [file.path, file]));
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  const changes: OpsPackFileChange[] = [];
  for (const path of paths) {
    const was = old.get(path);
    const is = now.get(path);
    if (was?.hash === is?.hash) continue;
    const change = was === undefined ? "added" : is === undefined ? "removed" : "changed";
    const sizes = { sizeBefore: was?.size ?? null, sizeAfter: is?.size ?? null };
    const shown =
      TEXT.test(path) && (was?.size ?? 0) <= LARGEST_SHOWN && (is?.size ?? 0) <= LARGEST_SHOWN;
    if (!shown) {
      changes.push({ path, change, ...sizes });
      continue;
    }
    const [oldText, newText] = await Promise.all([
      was === undefined ? "" : read("before", was),
      is === undefined ? "" : read("after", is),
    ]);
    changes.push({ path, change, ...sizes, hunks: textHunks(oldText, newText) });
  }
  return changes;
}

/** The lines that differ from `oldText` to `newText`, as unified-diff hunks with context. */
export function textHunks(oldText: string, newText: string): OpsPackHunk[] {
  const { hunks } = structuredPatch("", "", oldText, newText, "", "", { context: CONTEXT });
  return hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
    lines,
  }));
}
