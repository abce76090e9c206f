/** Latency statistics over the samples the workers return. */

export type LatencySummary = {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

/** Nearest-rank percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? NaN;
}

/** p50/p90/p99/max of the samples of all workers together. */
export function summarise(parts: ArrayLike<number>[]): LatencySummary {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  all.sort();
  return {
    count: total,
    p50: percentile(all, 50),
    p90: percentile(all, 90),
    p99: percentile(all, 99),
    max: total === 0 ? NaN : (all[total - 1] ?? NaN),
  };
}

/** Adds the counts of `more` to `into` (errors by status or code). */
export function addCounts(into: Record<string, number>, more: Record<string, number>): void {
  for (const [key, count] of Object.entries(more)) into[key] = (into[key] ?? 0) + count;
}

/** Counts one `key` (a status or error code) in `counts`. */
export function count(counts: Record<string, number>, key: string | number): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** A latency to 0.01 ms, as the workers report them. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;
