/** Spec 9: the intro has 4 steps. */
const introStepCount = 4;

/** Spec 1 and 9: accounts without an activated station are deleted 14 days after registration. */
export const accountRetentionDays = 14;

/**
 * The intro's steps: the pack's when it has all four, else the app's own (a pack without an
 * intro still gets one).
 */
export function introSteps<T>(
  pack: readonly T[] | undefined,
  fallback: readonly T[],
): readonly T[] {
  return pack !== undefined && pack.length === introStepCount ? pack : fallback;
}

/** The help page's entries: the pack's, else the app's own. */
export function helpEntries<T>(
  pack: readonly T[] | undefined,
  fallback: readonly T[],
): readonly T[] {
  return pack !== undefined && pack.length > 0 ? pack : fallback;
}
