/** A form's field both authors changed, differently: its path (`["texts", "en", "title"]`). */
export type FieldCollision = { path: string[]; mine: unknown; theirs: unknown };

export type MergedFields<T> = { ok: true; value: T } | { ok: false; collisions: FieldCollision[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Two authors' edits of one form opened as `base`, merged field by field: a field only one of
 * them changed takes that change, one both changed alike takes it once, and an object (the
 * texts of a language) is merged within; fields both changed differently are collisions.
 * Lists count as one field.
 */
export function mergeFields<T>(base: T, mine: T, theirs: T): MergedFields<T> {
  const collisions: FieldCollision[] = [];
  const value = merge(base, mine, theirs, [], collisions) as T;
  return collisions.length === 0 ? { ok: true, value } : { ok: false, collisions };
}

function merge(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: string[],
  collisions: FieldCollision[],
): unknown {
  if (same(mine, base)) return theirs;
  if (same(theirs, base) || same(mine, theirs)) return mine;
  if (isRecord(mine) && isRecord(theirs)) {
    const before = isRecord(base) ? base : {};
    const merged: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      const value = merge(before[key], mine[key], theirs[key], [...path, key], collisions);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  collisions.push({ path, mine, theirs });
  return mine;
}
