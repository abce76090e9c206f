import type { Language } from "@wegmarke/protocol";
import type { Generated } from "kysely";
import { awaitingSchema } from "../engine/types";
import type { Awaiting } from "../engine/types";

/**
 * A run's state: running, done, cancelled (left; it starts afresh when activated again), or
 * closed by a host for the participant (activation refused until a host reopens it; a station
 * closed before it was ever started has a row with an empty `inkState`).
 */
export type StationRunStatus = "active" | "done" | "cancelled" | "closed";

/**
 * Which writes set a column: `key` names the row and is never set; every save and every step
 * writes the `saved` ones; `cancel` ones only the cancellation sets (a save keeps them, a new
 * row gets the database's default).
 */
type Written = "key" | "saved" | "cancel";

/** A column of station_runs: its name in SQL, and its value as the game sees it and as stored. */
type Column<Value, Stored, W extends Written = Written> = {
  readonly name: string;
  readonly written: W;
  encode(value: Value): Stored;
  decode(stored: Stored): Value;
};

const same = <T>(value: T): T => value;
const key = <V>(name: string): Column<V, V, "key"> => ({
  name,
  written: "key",
  encode: same,
  decode: same,
});
const saved = <V>(name: string): Column<V, V, "saved"> => ({
  name,
  written: "saved",
  encode: same,
  decode: same,
});

/**
 * The station_runs table: one row per participant and station, the dialogue's saved state and
 * its outcome. Every reader and writer of a run goes through this map (the repository, the
 * answer path's SQL of both dialects): a new column is a line here and a migration.
 */
export const stationRunColumns = {
  stream: key<string>("stream"),
  stationId: key<number>("station_id"),
  status: saved<StationRunStatus>("status"),
  /** Serialised ink state, saved after every step. */
  inkState: saved<string>("ink_state"),
  /** What the run accepts now: the engine's Awaiting, stored as JSON. */
  awaiting: {
    name: "awaiting",
    written: "saved",
    encode: (awaiting: Awaiting): string => JSON.stringify(awaiting),
    decode: (json: string): Awaiting => awaitingSchema.parse(JSON.parse(json)),
  } satisfies Column<Awaiting, string, "saved">,
  points: saved<number>("points"),
  /** The script language the run started in; its saved state only fits that script. */
  language: saved<Language>("language"),
  /** The version of the script the saved state comes from (game/scripts/script-runner.ts). */
  scriptVersion: saved<string | null>("script_version"),
  updatedAt: saved<string>("updated_at"),
  /** When the run (last) started from the script's beginning; null for runs from before. */
  startedAt: saved<string | null>("started_at"),
  /** When the station was done; null until then and for runs from before. */
  doneAt: saved<string | null>("done_at"),
  /** Answers the script refused in this run. */
  wrongAnswers: saved<number>("wrong_answers"),
  /** Hints the run took, the player's and those a host gave. */
  hintsUsed: saved<number>("hints_used"),
  /** When the run was last cancelled; it stays when the station is started again. */
  cancelledAt: {
    name: "cancelled_at",
    written: "cancel",
    encode: same,
    decode: same,
  } satisfies Column<string | null, string | null, "cancel">,
};

type Columns = typeof stationRunColumns;
type Field = keyof Columns;
type StoredOf<K extends Field> = ReturnType<Columns[K]["encode"]>;

/** A station run as the game sees it. */
export type StationRun = { [K in Field]: ReturnType<Columns[K]["decode"]> };

/** A run as the table stores it, under its field names. */
export type StoredRun = { [K in Field]: StoredOf<K> };

/** The table as Kysely sees it (store/schema.ts): columns only a cancellation sets have defaults. */
export type StationRunsTable = {
  [K in Field]: Columns[K]["written"] extends "cancel" ? Generated<StoredOf<K>> : StoredOf<K>;
};

/** What a save writes: every field but those only a cancellation sets. */
export type SavedRun = Pick<StationRun, KeyField | SavedField>;

type KeyField = { [K in Field]: Columns[K]["written"] extends "key" ? K : never }[Field];
type SavedField = { [K in Field]: Columns[K]["written"] extends "saved" ? K : never }[Field];

/** The map seen column by column, whatever each one's types (for the loops below). */
const columns: Record<Field, Column<unknown, unknown>> = stationRunColumns;
const fields = Object.keys(stationRunColumns) as Field[];
const fieldsWritten = (written: Written) =>
  fields.filter((field) => columns[field].written === written);

/** Every field, in the map's order. */
export const RUN_FIELDS: readonly Field[] = fields;
/** The fields that name a run: its stream and station. */
export const KEY_FIELDS = fieldsWritten("key") as readonly KeyField[];
/** The fields every save and step writes. */
export const SAVED_FIELDS = fieldsWritten("saved") as readonly SavedField[];
/** The parameters of `updateRunSql`: what a save writes, then the run's key. */
export const UPDATE_FIELDS: readonly Field[] = [...SAVED_FIELDS, ...KEY_FIELDS];

/** What a participant's status needs of each run. */
export const SUMMARY_FIELDS = ["stationId", "status", "points"] as const;
export type RunSummary = Pick<StationRun, (typeof SUMMARY_FIELDS)[number]>;
export type StoredSummary = Pick<StoredRun, (typeof SUMMARY_FIELDS)[number]>;

/** The SQL name of a field's column. */
export function columnOf(field: Field): string {
  return columns[field].name;
}

/** `alias.column as "field", ...`: the columns of `list` read under their field names. */
export function selectColumns(list: readonly Field[], alias: string): string {
  return list.map((field) => `${alias}.${columnOf(field)} as "${field}"`).join(", ");
}

/**
 * `update station_runs set <saved columns> where <key columns>`: a run's state written over its
 * row, the placeholder of the i-th parameter from `at(i)`; the parameters are
 * `encodeColumns(run, UPDATE_FIELDS)`.
 */
export function updateRunSql(at: (i: number) => string): string {
  const set = SAVED_FIELDS.map((field, i) => `${columnOf(field)} = ${at(i)}`);
  const keys = KEY_FIELDS.map((field, i) => `${columnOf(field)} = ${at(SAVED_FIELDS.length + i)}`);
  return `update station_runs set ${set.join(", ")} where ${keys.join(" and ")}`;
}

/** The stored values of `list`'s fields of `run`, in that order (the parameters of the SQL above). */
export function encodeColumns<F extends Field>(
  run: Pick<StationRun, F>,
  list: readonly F[],
): unknown[] {
  return list.map((field) => columns[field].encode(run[field]));
}

/** The stored values of `list`'s fields of `run`, under their field names (for Kysely). */
export function encodeRun<F extends Field>(
  run: Pick<StationRun, F>,
  list: readonly F[],
): Pick<StoredRun, F> {
  const row: Partial<Record<Field, unknown>> = {};
  for (const field of list) row[field] = columns[field].encode(run[field]);
  return row as Pick<StoredRun, F>;
}

/** The fields of `list` of a stored row (under their field names) as the game sees them. */
export function decodeColumns<F extends Field>(
  row: Pick<StoredRun, F>,
  list: readonly F[],
): Pick<StationRun, F> {
  const run: Partial<Record<Field, unknown>> = {};
  for (const field of list) run[field] = columns[field].decode(row[field]);
  return run as Pick<StationRun, F>;
}

/** A stored row (under its field names) as the game sees it. */
export function decodeRun(row: StoredRun): StationRun {
  return decodeColumns(row, fields);
}
