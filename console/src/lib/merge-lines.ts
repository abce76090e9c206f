import { diff3Merge } from "node-diff3";

/** Lines both authors changed, differently: where in one's own text, and the two versions. */
export type Collision = {
  /** The first line (from 1) of the collision in one's own text, and how many. */
  line: number;
  count: number;
  mine: string[];
  theirs: string[];
};

export type MergedText = { ok: true; text: string } | { ok: false; collisions: Collision[] };

/**
 * Two authors' edits of one text opened as `base`, merged line by line (diff3): what only one
 * of them changed is taken, the same change made by both is taken once, and lines both changed
 * differently are collisions.
 */
export function mergeLines(base: string, mine: string, theirs: string): MergedText {
  const regions = diff3Merge(mine.split("\n"), base.split("\n"), theirs.split("\n"), {
    excludeFalseConflicts: true,
  });
  const lines: string[] = [];
  const collisions: Collision[] = [];
  for (const region of regions) {
    if (region.ok) lines.push(...region.ok);
    else if (region.conflict) {
      const { a, aIndex, b } = region.conflict;
      collisions.push({ line: aIndex + 1, count: a.length, mine: a, theirs: b });
      lines.push(...a);
    }
  }
  return collisions.length === 0 ? { ok: true, text: lines.join("\n") } : { ok: false, collisions };
}
