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
