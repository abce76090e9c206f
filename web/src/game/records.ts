/** A record of the game state without the entry of `key` (a station id); itself when it has none. */
export function without<T>(record: Record<string, T>, key: number): Record<string, T> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([id]) => id !== String(key)));
}
