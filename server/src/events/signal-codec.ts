import type { LogRow } from "../store/event-repository";
import { isSignalName, signalSchemas } from "./signal-map";
import type { Signal, SignalMap, SignalName } from "./signal-map";
import { MAIN_GAME } from "./signals";

/**
 * The PostgreSQL channel's wire format. Every line of a notification begins with the instance
 * that sent it (`@<instance> `), so a listener skips its own, and is then either
 *
 * - a signal of signal-map.ts: `!<name> <payload as JSON>`, checked on arrival against the
 *   name's schema; one per notification. A game's other than the first names it:
 *   `!<name>@<game> <payload>` (decisions/054);
 * - an announcement of rows committed to a stream: `<stream> [[seq,type,payload],…]`, several
 *   per notification, one per line (stream keys hold no space and never begin with `!`).
 */

/** The most a NOTIFY payload may hold, in bytes (PostgreSQL's limit is 8000). */
export const MAX_PAYLOAD_BYTES = 7900;

/** What a payload came to: the value, or why it was refused (the bus logs it). */
export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A signal heard, with the game it is of. */
export type GameSignal = Signal & { game: number };

export function encodeSignal<K extends SignalName>(
  name: K,
  payload: SignalMap[K],
  game = MAIN_GAME,
): string {
  return `!${name}${game === MAIN_GAME ? "" : `@${game}`} ${JSON.stringify(payload)}`;
}

/** The signal of a line's body (after `@<instance> `), checked against its schema. */
export function decodeSignal(body: string): Decoded<GameSignal> {
  const match = /^!(\w{1,32})(?:@([1-9]\d{0,9}))? (.*)$/s.exec(body);
  if (!match) return refused("not a signal");
  const [, name = "", gameText, json = ""] = match;
  const game = gameText === undefined ? MAIN_GAME : Number(gameText);
  if (!isSignalName(name)) return refused(`unknown signal "${name}"`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return refused(`${name}: the payload is not JSON`);
  }
  const parsed = signalSchemas[name].safeParse(value);
  if (!parsed.success) {
    // Paths and expectations only: payloads hold names and positions, which logs must not.
    const issues = parsed.error.issues.map(({ path, message }) =>
      path.length > 0 ? `${path.join(".")}: ${message}` : message,
    );
    return refused(`${name}: ${issues.join("; ")}`);
  }
  return { ok: true, value: { name, payload: parsed.data, game } };
}

const refused = (reason: string): Decoded<never> => ({ ok: false, reason });

/** Rows committed on one instance, as the other instances hear of them. */
export type Announcement = {
  /** The instance that committed them: it delivered them to its own streams already. */
  instance: string;
  stream: string;
  /** Absent when they did not fit into one notification: the receiver reads the log. */
  rows?: LogRow[];
};

/**
 * `@instance stream [rows]`: the rows as `[seq, type, payload]` triples, left out when the
 * payload would not fit into one notification.
 *
 * The one notification not in the map's JSON form: every answer sends one, so its count and
 * size grow with play. A typical answer's (an echo, two lines of the character, a question) is
 * 515 bytes; as a signal of the map, `!rows {"stream":…,"rows":[[…],…]}`, it would be 26 bytes
 * more (118 with named fields per row), and each instance would check every row against a
 * schema. The rows are hints (a bad one makes the receiver read the log), so the checks below
 * suffice.
 */
export function encodeAnnouncement(instance: string, stream: string, rows: readonly LogRow[]) {
  const head = `@${instance} ${stream}`;
  const full = `${head} ${JSON.stringify(rows.map((row) => [row.seq, row.type, row.payload]))}`;
  return Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : head;
}

/** The announcement of a line; undefined for a signal or anything malformed. */
export function decodeAnnouncement(line: string): Announcement | undefined {
  const match = /^@(\S+) (\S+)(?: (.+))?$/s.exec(line);
  if (!match) return undefined;
  const [, instance = "", stream = "", rowsJson] = match;
  if (rowsJson === undefined) return { instance, stream };
  const rows = parseRows(rowsJson);
  return rows ? { instance, stream, rows } : { instance, stream };
}

function parseRows(json: string): LogRow[] | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return undefined;
    const rows: LogRow[] = [];
    for (const item of value as unknown[]) {
      if (!Array.isArray(item)) return undefined;
      const [seq, type, payload] = item as unknown[];
      if (typeof seq !== "number" || typeof type !== "string" || typeof payload !== "string") {
        return undefined;
      }
      rows.push({ seq, type, payload });
    }
    return rows;
  } catch {
    return undefined;
  }
}
