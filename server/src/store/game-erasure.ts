import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** How many rows of each table a step of a game's erasure deleted. */
export type ErasedRows = Partial<Record<keyof Database, number>>;

type Step = (db: Kysely<Database>, game: number, limit: number) => Promise<ErasedRows>;

/** The tables keyed by a stream, which go with it. */
const OF_A_STREAM = [
  "eventLog",
  "stationRuns",
  "storyStates",
  "mediaProgress",
  "scheduledMessages",
  "organiserMessages",
  "organiserConversations",
  "pointAwards",
  "participants",
] as const;

/** The tables of a game's own rows listed by their id. */
type ById = "news" | "packReleases" | "packVersions" | "operatorAudit";

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** At most `limit` of the game's streams, with everything keyed by them. */
const streams: Step = async (db, game, limit) => {
  const rows = await db
    .selectFrom("streams")
    .select("stream")
    .where("gameId", "=", game)
    .limit(limit)
    .execute();
  const keys = rows.map((row) => row.stream);
  if (keys.length === 0) return {};
  const erased: ErasedRows = {};
  for (const table of OF_A_STREAM) {
    erased[table] = count(
      await db.deleteFrom(table).where("stream", "in", keys).executeTakeFirstOrThrow(),
    );
  }
  erased.streams = count(
    await db.deleteFrom("streams").where("stream", "in", keys).executeTakeFirstOrThrow(),
  );
  return erased;
};

/** At most `limit` of the game's submissions; their files are listed for the blob store. */
const submissions: Step = async (db, game, limit) => {
  const rows = await db
    .deleteFrom("submissions")
    .where(
      "id",
      "in",
      db.selectFrom("submissions").select("id").where("gameId", "=", game).limit(limit),
    )
    .returning("files")
    .execute();
  if (rows.length === 0) return {};
  await db
    .insertInto("erasedFiles")
    .values(rows.map((row) => ({ prefix: row.files })))
    .onConflict((conflict) => conflict.column("prefix").doNothing())
    .execute();
  return { submissions: rows.length };
};

/** The ids of at most `limit` of the game's rows of `table`. */
async function firstIds(
  db: Kysely<Database>,
  table: "players" | "teams",
  game: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("gameId", "=", game)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** At most `limit` of the game's players, with their devices' rows (their team's stay). */
const players: Step = async (db, game, limit) => {
  const ids = await firstIds(db, "players", game, limit);
  if (ids.length === 0) return {};
  const erased: ErasedRows = {};
  // A push subscription hangs from its session, every other table from the player.
  for (const table of [
    "pushSubscriptions",
    "readMarks",
    "organiserReads",
    "smsCodes",
    "passwordResets",
    "sessions",
  ] as const) {
    erased[table] = count(
      await db.deleteFrom(table).where("playerId", "in", ids).executeTakeFirstOrThrow(),
    );
  }
  erased.players = count(
    await db.deleteFrom("players").where("id", "in", ids).executeTakeFirstOrThrow(),
  );
  return erased;
};

/** At most `limit` of the game's teams (their players went before), with their invitations. */
const teams: Step = async (db, game, limit) => {
  const ids = await firstIds(db, "teams", game, limit);
  if (ids.length === 0) return {};
  const invitations = await db
    .deleteFrom("teamInvitations")
    .where("teamId", "in", ids)
    .executeTakeFirstOrThrow();
  const deleted = await db.deleteFrom("teams").where("id", "in", ids).executeTakeFirstOrThrow();
  return { teamInvitations: count(invitations), teams: count(deleted) };
};

/** At most `limit` of the game's rows of `table`, by their ids. */
const byId =
  (table: ById): Step =>
  async (db, game, limit) => {
    const ids = db.selectFrom(table).select("id").where("gameId", "=", game).limit(limit);
    const deleted = count(
      await db.deleteFrom(table).where("id", "in", ids).executeTakeFirstOrThrow(),
    );
    return deleted === 0 ? {} : { [table]: deleted };
  };

/** The studio's draft: its one row, then at most `limit` of its files. */
const draft: Step = async (db, game, limit) => {
  const drafts = count(
    await db.deleteFrom("packDrafts").where("gameId", "=", game).executeTakeFirstOrThrow(),
  );
  const paths = db
    .selectFrom("packDraftFiles")
    .select("path")
    .where("gameId", "=", game)
    .limit(limit);
  const files = count(
    await db
      .deleteFrom("packDraftFiles")
      .where("gameId", "=", game)
      .where("path", "in", paths)
      .executeTakeFirstOrThrow(),
  );
  if (drafts + files === 0) return {};
  return { ...(drafts > 0 && { packDrafts: drafts }), ...(files > 0 && { packDraftFiles: files }) };
};

/** The operators' roles in the game: a row per operator at most. */
const roles: Step = async (db, game) => {
  const deleted = count(
    await db.deleteFrom("operatorRoles").where("gameId", "=", game).executeTakeFirstOrThrow(),
  );
  return deleted === 0 ? {} : { operatorRoles: deleted };
};

/**
 * The order of an erasure: what refers to a row goes before it (a player before their team, a
 * release and the draft before the versions they name), and each step only once the steps
 * before it found nothing left.
 */
const STEPS: Step[] = [
  streams,
  submissions,
  players,
  teams,
  byId("news"),
  byId("packReleases"),
  draft,
  byId("packVersions"),
  byId("operatorAudit"),
  roles,
];

/**
 * Deletes the next rows of the archived game `game` (decisions/054): the first step with rows
 * left takes at most `limit` of the rows the others hang from (streams, players, teams...)
 * with those that hang from them. Answers what went, undefined when nothing is left. The
 * `games` row stays, so that the name stays taken and its addresses say the game has ended;
 * so do pack blobs (shared by every game's versions), the audit of the installation (game 1's)
 * and rate-limit hits, which expire on their own. Refuses a game that is not archived. Run
 * it in a transaction, once per batch, until it answers undefined.
 */
export async function eraseGameStep(
  db: Kysely<Database>,
  game: number,
  limit: number,
): Promise<ErasedRows | undefined> {
  const row = await db
    .selectFrom("games")
    .select("archivedAt")
    .where("id", "=", game)
    .executeTakeFirst();
  if (!row?.archivedAt) throw new Error(`game ${game} is not archived: its rows stay`);
  for (const step of STEPS) {
    const erased = await step(db, game, limit);
    if (Object.keys(erased).length > 0) return erased;
  }
  return undefined;
}
