import { readMarksSchema } from "@wegmarke/protocol";
import type { ReadMarksValue } from "@wegmarke/protocol";
import type { Repositories, StoreOf } from "../store/store";

/** Nothing read yet. */
export const noReadMarks: ReadMarksValue = {
  Stations: {},
  News: null,
  OperatorNews: null,
  Stories: [],
  Points: 0,
};

const higher = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** Both sets of marks together: the larger of each (every mark only grows). */
export function mergeReadMarks(a: ReadMarksValue, b: ReadMarksValue): ReadMarksValue {
  const stations = { ...a.Stations };
  for (const [id, upTo] of Object.entries(b.Stations)) {
    stations[id] = Math.max(stations[id] ?? 0, upTo);
  }
  return {
    Stations: stations,
    News: higher(a.News, b.News),
    OperatorNews: higher(a.OperatorNews, b.OperatorNews),
    Stories: [...new Set([...a.Stories, ...b.Stories])].sort((x, y) => x - y),
    Points: Math.max(a.Points, b.Points),
  };
}

function parseStored(marks: string): ReadMarksValue {
  try {
    const parsed = readMarksSchema.safeParse(JSON.parse(marks));
    return parsed.success ? parsed.data : noReadMarks;
  } catch {
    return noReadMarks;
  }
}

/**
 * `player/read`: what a player has read of the stream they play on, kept with the account so
 * that a sign-in on any device finds it (a new stream, after joining a team, starts unread).
 */
export class ReadMarksService {
  constructor(private readonly store: StoreOf<Pick<Repositories, "readMarks">>) {}

  async get(playerId: number, stream: string): Promise<ReadMarksValue> {
    const row = await this.store.repos.readMarks.find(playerId);
    return row?.stream === stream ? parseStored(row.marks) : noReadMarks;
  }

  /** Takes a device's marks in; returns the account's, the larger of each. */
  merge(playerId: number, stream: string, marks: ReadMarksValue): Promise<ReadMarksValue> {
    return this.store.transaction(async (repos) => {
      const row = await repos.readMarks.lock(playerId, stream, JSON.stringify(noReadMarks));
      const stored = row.stream === stream ? parseStored(row.marks) : noReadMarks;
      const merged = mergeReadMarks(stored, marks);
      await repos.readMarks.write({ playerId, stream, marks: JSON.stringify(merged) });
      return merged;
    });
  }
}
