/** Durations as pack authors write them: a whole number and a unit, `30s`, `10m`, `2h`. */
const DURATION = /^(\d+)\s*(s|m|h)$/i;

const MS_PER_UNIT: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds of `30s`, `10m` or `2h`; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  const unit = match?.[2] && MS_PER_UNIT[match[2].toLowerCase()];
  return match?.[1] && unit ? Number(match[1]) * unit : undefined;
}
