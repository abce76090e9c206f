import { sql } from "kysely";
import type { RawBuilder, SqlBool } from "kysely";

/**
 * Rows keyed by a stream (station runs, stories, the event log, the agenda, a participant's
 * state) have no game of their own: they belong to the game of their stream (decisions/054).
 * This condition keeps those of `game`, for a query of one table whose `stream` column names it.
 */
export function streamOfGame(game: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`stream in (select stream from streams where game_id = ${game})`;
}

/**
 * The same for a query that walks its table's rows in an index's order and stops early (the
 * agenda's next due row): the stream of each row is looked up by its key, rather than every
 * stream of the game gathered first.
 */
export function rowOfGame(table: string, game: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from streams
    where streams.stream = ${sql.ref(`${table}.stream`)} and streams.game_id = ${game})`;
}
