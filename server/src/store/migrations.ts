// Over 300 lines: the schema's whole history in one place; migrations are appended, never edited.
import { Migrator, sql } from "kysely";
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../config";

/**
 * The schema's history, oldest first. Written in code (not discovered as files) so the
 * server runs from source without a build step. Never edit a migration that has shipped:
 * add the next one. The few types SQL spells differently come from `dialect`; on SQLite the
 * migrations create what they always created.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  /**
   * An integer key the database assigns, never reused: SQLite's AUTOINCREMENT, a PostgreSQL
   * identity column ("by default": migration 002 copies players with their ids).
   */
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres"
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  /** An 8-byte float: SQLite's REAL is one; PostgreSQL's real has only 4 bytes. */
  const float = dialect === "postgres" ? "double precision" : "real";
  /** Bytes: PostgreSQL's bytea, SQLite's blob. */
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  /** After rows were copied with their ids, PostgreSQL's identity must continue after them. */
  const continueIds = async (db: Kysely<unknown>, table: string) => {
    if (dialect !== "postgres") return;
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
      from ${sql.table(table)}`.execute(db);
  };

  return {
    "001-game-state": {
      async up(db) {
        await db.schema
          .createTable("players")
          .addColumn("id", "integer", id)
          .addColumn("token_hash", "text", (c) => c.notNull().unique())
          .addColumn("story_id", "text", (c) => c.notNull())
          .addColumn("language", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("streams")
          .addColumn("stream", "text", (c) => c.primaryKey())
          .addColumn("last_seq", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable("participants")
          .addColumn("stream", "text", (c) =>
            c.primaryKey().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("current_station", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("station_runs")
          .addColumn("stream", "text", (c) =>
            c.notNull().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("station_id", "integer", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("ink_state", "text", (c) => c.notNull())
          .addColumn("awaiting", "text", (c) => c.notNull())
          .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("language", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("station_runs_pk", ["stream", "station_id"])
          .execute();
        await db.schema
          .createTable("event_log")
          .addColumn("stream", "text", (c) =>
            c.notNull().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("seq", "integer", (c) => c.notNull())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("station_id", "integer")
          .addColumn("payload", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("retracted", "integer", (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint("event_log_pk", ["stream", "seq"])
          .execute();
        // Cancelling a station retracts that station's rows of one stream.
        await db.schema
          .createIndex("event_log_station")
          .on("event_log")
          .columns(["stream", "station_id"])
          .execute();
      },
      async down(db) {
        for (const table of ["event_log", "station_runs", "participants", "streams", "players"]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    "002-accounts-and-teams": {
      async up(db) {
        await db.schema
          .createTable("teams")
          .addColumn("id", "integer", id)
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        // players is rebuilt without token_hash (SQLite cannot drop a UNIQUE column): a player
        // signs in on several devices, so tokens move to sessions, one row per sign-in.
        await db.schema
          .createTable("players_v2")
          .addColumn("id", "integer", id)
          .addColumn("story_id", "text", (c) => c.notNull())
          .addColumn("language", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("first_name", "text")
          .addColumn("phone", "text", (c) => c.unique())
          .addColumn("password_hash", "text")
          .addColumn("verified_at", "text")
          .addColumn("reset_sent_at", "text")
          .addColumn("team_id", "integer", (c) => c.references("teams.id"))
          .execute();
        await sql`insert into players_v2 (id, story_id, language, created_at)
        select id, story_id, language, created_at from players`.execute(db);
        await continueIds(db, "players_v2");
        await db.schema
          .createTable("sessions")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("player_id", "integer", (c) =>
            c.notNull().references("players_v2.id").onDelete("cascade"),
          )
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await sql`insert into sessions (token_hash, player_id, created_at)
        select token_hash, id, created_at from players`.execute(db);
        await db.schema.dropTable("players").execute();
        // Renaming also renames the references to it (sessions.player_id).
        await db.schema.alterTable("players_v2").renameTo("players").execute();
        await db.schema.createIndex("players_team").on("players").column("team_id").execute();
        // The retention sweep looks for old registrations.
        await db.schema.createIndex("players_created").on("players").column("created_at").execute();
        await db.schema.createIndex("sessions_player").on("sessions").column("player_id").execute();

        await db.schema
          .createTable("sms_codes")
          .addColumn("player_id", "integer", (c) =>
            c.primaryKey().references("players.id").onDelete("cascade"),
          )
          .addColumn("code_hash", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("failed_tries", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable("password_resets")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("player_id", "integer", (c) =>
            c.notNull().references("players.id").onDelete("cascade"),
          )
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("password_resets_player")
          .on("password_resets")
          .column("player_id")
          .execute();
        await db.schema
          .createTable("team_invitations")
          .addColumn("code_hash", "text", (c) => c.primaryKey())
          .addColumn("team_id", "integer", (c) =>
            c.notNull().references("teams.id").onDelete("cascade"),
          )
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("team_invitations_team")
          .on("team_invitations")
          .column("team_id")
          .execute();
      },
      async down(db) {
        for (const table of ["team_invitations", "password_resets", "sms_codes"]) {
          await db.schema.dropTable(table).execute();
        }
        // Back to one token per player: each keeps its oldest session; the rest sign in again.
        await db.schema
          .createTable("players_v1")
          .addColumn("id", "integer", id)
          .addColumn("token_hash", "text", (c) => c.notNull().unique())
          .addColumn("story_id", "text", (c) => c.notNull())
          .addColumn("language", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await sql`insert into players_v1 (id, token_hash, story_id, language, created_at)
        select p.id, min(s.token_hash), p.story_id, p.language, p.created_at
        from players p join sessions s on s.player_id = p.id
        group by p.id, p.story_id, p.language, p.created_at`.execute(db);
        await continueIds(db, "players_v1");
        await db.schema.dropTable("sessions").execute();
        await db.schema.dropTable("players").execute();
        await db.schema.alterTable("players_v1").renameTo("players").execute();
        await db.schema.dropTable("teams").execute();
      },
    },
    "003-stories-media-schedule": {
      async up(db) {
        await db.schema
          .alterTable("participants")
          .addColumn("current_story", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable("teams").addColumn("founder_id", "integer").execute();
        await db.schema
          .createTable("story_states")
          .addColumn("stream", "text", (c) =>
            c.notNull().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("story_id", "integer", (c) => c.notNull())
          .addColumn("done_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("story_states_pk", ["stream", "story_id"])
          .execute();
        await db.schema
          .createTable("media_progress")
          .addColumn("stream", "text", (c) =>
            c.notNull().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("station_id", "integer", (c) => c.notNull())
          .addColumn("content_ref", "text", (c) => c.notNull())
          .addColumn("max_ratio", float, (c) => c.notNull())
          .addColumn("seen_ratio", float, (c) => c.notNull())
          .addColumn("seen_at", "text")
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("media_progress_pk", ["stream", "station_id", "content_ref"])
          .execute();
        await db.schema
          .createTable("scheduled_messages")
          .addColumn("id", "integer", id)
          .addColumn("stream", "text", (c) =>
            c.notNull().references("streams.stream").onDelete("cascade"),
          )
          .addColumn("station_id", "integer", (c) => c.notNull())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("due_at", "text", (c) => c.notNull())
          .addColumn("payload", "text")
          .execute();
        // The scheduler asks for the earliest due row; cancel and answers drop a station's rows.
        await db.schema
          .createIndex("scheduled_messages_due")
          .on("scheduled_messages")
          .column("due_at")
          .execute();
        await db.schema
          .createIndex("scheduled_messages_station")
          .on("scheduled_messages")
          .columns(["stream", "station_id"])
          .execute();
      },
      async down(db) {
        for (const table of ["scheduled_messages", "media_progress", "story_states"]) {
          await db.schema.dropTable(table).execute();
        }
        await db.schema.alterTable("teams").dropColumn("founder_id").execute();
        await db.schema.alterTable("participants").dropColumn("current_story").execute();
      },
    },
    "004-rate-hits": {
      async up(db) {
        await db.schema
          .createTable("rate_hits")
          .addColumn("rule", "text", (c) => c.notNull())
          .addColumn("key_hash", "text", (c) => c.notNull())
          .addColumn("at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        // A limit reads a key's newest hits; the sweep deletes the expired ones.
        await db.schema
          .createIndex("rate_hits_key")
          .on("rate_hits")
          .columns(["rule", "key_hash", "at"])
          .execute();
        await db.schema
          .createIndex("rate_hits_expiry")
          .on("rate_hits")
          .column("expires_at")
          .execute();
      },
      async down(db) {
        await db.schema.dropTable("rate_hits").execute();
      },
    },
    "005-stream-version": {
      // Every turn that changes a stream's state counts it up: a turn that read the state
      // without a lock writes only while the count is still the one it read (store/run-store.ts).
      async up(db) {
        await db.schema
          .alterTable("streams")
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db) {
        await db.schema.alterTable("streams").dropColumn("version").execute();
      },
    },
    "006-event-log-without-station-index": {
      // Every answer wrote a page of this index too. Cancelling a station (the one user) reads a
      // stream's rows by the primary key's prefix instead: a few hundred rows at most.
      async up(db) {
        await db.schema.dropIndex("event_log_station").ifExists().execute();
      },
      async down(db) {
        await db.schema
          .createIndex("event_log_station")
          .on("event_log")
          .columns(["stream", "station_id"])
          .execute();
      },
    },
    "007-session-use-and-chosen-password": {
      // Sessions end after a time without use (security/limits.ts); a password that is still
      // the registration code asks for a chosen one. The 24-hour reset rule moved to rate_hits,
      // where it counts per number whether or not an account has it.
      async up(db) {
        await db.schema.alterTable("sessions").addColumn("last_used_at", "text").execute();
        await db.schema.alterTable("players").addColumn("password_chosen_at", "text").execute();
        // Passwords of accounts from before cannot be told apart: they count as chosen.
        await sql`update players set password_chosen_at = created_at
          where password_hash is not null`.execute(db);
        await db.schema.alterTable("players").dropColumn("reset_sent_at").execute();
      },
      async down(db) {
        await db.schema.alterTable("players").addColumn("reset_sent_at", "text").execute();
        await db.schema.alterTable("players").dropColumn("password_chosen_at").execute();
        await db.schema.alterTable("sessions").dropColumn("last_used_at").execute();
      },
    },
    "008-phone-numbers-in-e164": {
      // Numbers were stored as `00` + country code + number (`00491711234567`); now in E.164
      // (`+491711234567`, accounts/phone.ts). Only the prefix differs, so no two rows meet.
      // Rate-limit keys are HMACs of the old form: their counts start anew within a day.
      async up(db) {
        await sql`update players set phone = '+' || substr(phone, 3)
          where phone like '00%'`.execute(db);
      },
      async down(db) {
        await sql`update players set phone = '00' || substr(phone, 2)
          where phone like '+%'`.execute(db);
      },
    },
    "009-operators": {
      // Operators run the game: accounts of their own (not players), their console sessions
      // (SHA-256 of the cookie's token) and the audit log of their changing calls. The log keeps
      // the operator's name, not a reference: it outlives the operator.
      async up(db) {
        await db.schema
          .createTable("operators")
          .addColumn("id", "integer", id)
          .addColumn("name", "text", (c) => c.notNull().unique())
          .addColumn("password_hash", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("operator_sessions")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("operator_id", "integer", (c) =>
            c.notNull().references("operators.id").onDelete("cascade"),
          )
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("operator_audit")
          .addColumn("id", "integer", id)
          .addColumn("at", "text", (c) => c.notNull())
          .addColumn("via", "text", (c) => c.notNull())
          .addColumn("operator", "text")
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("detail", "text")
          .execute();
      },
      async down(db) {
        for (const table of ["operator_audit", "operator_sessions", "operators"]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    "010-station-run-script-version": {
      // The version (a hash) of the script a run's saved state comes from; runs from before
      // have none, and are checked against the script before they go on (game-service.ts).
      async up(db) {
        await db.schema.alterTable("station_runs").addColumn("script_version", "text").execute();
      },
      async down(db) {
        await db.schema.alterTable("station_runs").dropColumn("script_version").execute();
      },
    },
    "011-game-figures-and-news": {
      // What the operators' console shows: when a run started and was done and how many of
      // its answers the script refused, when a player's stream last opened or closed, and the
      // news operators send to every player (text per language as JSON).
      async up(db) {
        await db.schema.alterTable("station_runs").addColumn("started_at", "text").execute();
        await db.schema.alterTable("station_runs").addColumn("done_at", "text").execute();
        await db.schema
          .alterTable("station_runs")
          .addColumn("wrong_answers", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable("players").addColumn("last_seen_at", "text").execute();
        await db.schema
          .createTable("news")
          .addColumn("id", "integer", id)
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("text", "text", (c) => c.notNull())
          .addColumn("station_id", "integer")
          .addColumn("operator", "text")
          .addColumn("withdrawn_at", "text")
          .execute();
      },
      async down(db) {
        await db.schema.dropTable("news").execute();
        await db.schema.alterTable("players").dropColumn("last_seen_at").execute();
        for (const column of ["wrong_answers", "done_at", "started_at"]) {
          await db.schema.alterTable("station_runs").dropColumn(column).execute();
        }
      },
    },
    "012-operator-password-chosen": {
      // When an operator chose their password in the console. Null is a one-time password of
      // the command line, to be changed at the next sign-in: so are those of every operator
      // from before, who could not change it.
      async up(db) {
        await db.schema.alterTable("operators").addColumn("password_chosen_at", "text").execute();
      },
      async down(db) {
        await db.schema.alterTable("operators").dropColumn("password_chosen_at").execute();
      },
    },
    "013-readiness": {
      // One row that `/readyz` rewrites: readiness includes a write (store.ts, checkWrite).
      async up(db) {
        await db.schema
          .createTable("readiness")
          .addColumn("id", "integer", (c) => c.primaryKey())
          .addColumn("checked_at", "text", (c) => c.notNull())
          .execute();
      },
      async down(db) {
        await db.schema.dropTable("readiness").execute();
      },
    },
    "014-password-reset-used": {
      // A used reset link stays until it expires, so that opening it again says it was used.
      async up(db) {
        await db.schema.alterTable("password_resets").addColumn("used_at", "text").execute();
      },
      async down(db) {
        await db.schema.alterTable("password_resets").dropColumn("used_at").execute();
      },
    },
    "015-station-run-cancelled-at": {
      // When a run was last cancelled, kept when the station is started again: the console's
      // funnel counts a participant who cancelled once, and its feed shows the cancellation.
      // A run cancelled before has its last change as the time.
      async up(db) {
        await db.schema.alterTable("station_runs").addColumn("cancelled_at", "text").execute();
        await sql`update station_runs set cancelled_at = updated_at where status = 'cancelled'`.execute(
          db,
        );
      },
      async down(db) {
        await db.schema.alterTable("station_runs").dropColumn("cancelled_at").execute();
      },
    },
    "016-pack-versions": {
      // The content pack as versions (decisions/032): each version lists its files with their
      // content's hash; the contents are stored once per hash, in chunks of at most 1 MiB; a
      // release makes a version the live one, and the newest release is live.
      async up(db) {
        await db.schema
          .createTable("pack_blobs")
          .addColumn("hash", "text", (c) => c.primaryKey())
          .addColumn("size", "integer", (c) => c.notNull())
          .addColumn("chunks", "integer", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("pack_blob_chunks")
          .addColumn("hash", "text", (c) => c.notNull().references("pack_blobs.hash"))
          .addColumn("seq", "integer", (c) => c.notNull())
          .addColumn("data", bytes, (c) => c.notNull())
          .addPrimaryKeyConstraint("pack_blob_chunks_pk", ["hash", "seq"])
          .execute();
        await db.schema
          .createTable("pack_versions")
          .addColumn("id", "integer", id)
          .addColumn("digest", "text", (c) => c.notNull().unique())
          .addColumn("files", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("author", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("pack_releases")
          .addColumn("id", "integer", id)
          .addColumn("version_id", "integer", (c) => c.notNull().references("pack_versions.id"))
          .addColumn("released_at", "text", (c) => c.notNull())
          .addColumn("released_by", "text")
          .execute();
      },
      async down(db) {
        for (const table of ["pack_releases", "pack_versions", "pack_blob_chunks", "pack_blobs"]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    "017-operator-roles": {
      // What an operator may do besides looking: `author`, `host`, both (comma-separated), or
      // neither (a viewer). Operators from before could do everything, and keep it.
      async up(db) {
        await db.schema
          .alterTable("operators")
          .addColumn("roles", "text", (c) => c.notNull().defaultTo("author,host"))
          .execute();
      },
      async down(db) {
        await db.schema.alterTable("operators").dropColumn("roles").execute();
      },
    },
    "018-pack-draft": {
      // The studio's draft (decisions/033): the files it changes against the version it started
      // from, each pointing to its content in pack_blobs (none: the file is removed).
      async up(db) {
        await db.schema
          .createTable("pack_drafts")
          .addColumn("id", "integer", (c) => c.primaryKey())
          .addColumn("base_version_id", "integer", (c) =>
            c.notNull().references("pack_versions.id"),
          )
          .execute();
        await db.schema
          .createTable("pack_draft_files")
          .addColumn("path", "text", (c) => c.primaryKey())
          .addColumn("hash", "text", (c) => c.references("pack_blobs.hash"))
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("updated_by", "text")
          .execute();
      },
      async down(db) {
        await db.schema.dropTable("pack_draft_files").execute();
        await db.schema.dropTable("pack_drafts").execute();
      },
    },
    "019-submissions": {
      // Missions (decisions/039): what players sent for a mission, judged once by a host; the
      // files of the blob store (blob-store.ts) when it keeps them in the database, in chunks
      // of at most 1 MiB like the pack's, under a key a prefix erases.
      async up(db) {
        await db.schema
          .createTable("submissions")
          .addColumn("id", "integer", id)
          .addColumn("stream", "text", (c) => c.notNull())
          .addColumn("player_id", "integer", (c) => c.notNull())
          .addColumn("team_id", "integer")
          .addColumn("sender", "text")
          .addColumn("station_id", "integer", (c) => c.notNull())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("task", "text", (c) => c.notNull())
          .addColumn("points", "integer", (c) => c.notNull())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("size", "integer", (c) => c.notNull())
          .addColumn("seconds", float)
          .addColumn("files", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("judged_at", "text")
          .addColumn("judged_by", "text")
          .addColumn("line", "text")
          .execute();
        await db.schema
          .createIndex("submissions_state")
          .on("submissions")
          .columns(["state", "created_at"])
          .execute();
        await db.schema
          .createIndex("submissions_stream")
          .on("submissions")
          .columns(["stream", "station_id"])
          .execute();
        await db.schema
          .createIndex("submissions_player")
          .on("submissions")
          .column("player_id")
          .execute();
        // The files of erased submissions, until the blob store has deleted them.
        await db.schema
          .createTable("erased_files")
          .addColumn("prefix", "text", (c) => c.primaryKey())
          .execute();
        await db.schema
          .createTable("blobs")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("size", "integer", (c) => c.notNull())
          .addColumn("chunks", "integer", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("blob_chunks")
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("seq", "integer", (c) => c.notNull())
          .addColumn("data", bytes, (c) => c.notNull())
          .addPrimaryKeyConstraint("blob_chunks_pk", ["key", "seq"])
          .execute();
      },
      async down(db) {
        for (const table of ["blob_chunks", "blobs", "erased_files", "submissions"]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    "020-push": {
      // Web Push (decisions/040): the server's VAPID key pair, shared by every instance of the
      // database; a device's subscription, which ends with its session (sign-out, deletion);
      // news a host marked urgent.
      async up(db) {
        await db.schema
          .createTable("server_keys")
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("value", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("push_subscriptions")
          .addColumn("endpoint", "text", (c) => c.primaryKey())
          .addColumn("token_hash", "text", (c) =>
            c.notNull().references("sessions.token_hash").onDelete("cascade"),
          )
          .addColumn("player_id", "integer", (c) => c.notNull())
          .addColumn("p256dh", "text", (c) => c.notNull())
          .addColumn("auth", "text", (c) => c.notNull())
          .addColumn("news", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("push_subscriptions_player")
          .on("push_subscriptions")
          .column("player_id")
          .execute();
        await db.schema
          .createIndex("push_subscriptions_token")
          .on("push_subscriptions")
          .column("token_hash")
          .execute();
        await db.schema
          .alterTable("news")
          .addColumn("urgent", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db) {
        await db.schema.alterTable("news").dropColumn("urgent").execute();
        await db.schema.dropTable("push_subscriptions").execute();
        await db.schema.dropTable("server_keys").execute();
      },
    },
    "021-read-marks": {
      // What a player has read of the stream they play on (protocol's readMarksSchema as JSON),
      // kept with the account: one row per player, replaced when the stream changes.
      async up(db) {
        await db.schema
          .createTable("read_marks")
          .addColumn("player_id", "integer", (c) =>
            c.primaryKey().references("players.id").onDelete("cascade"),
          )
          .addColumn("stream", "text", (c) => c.notNull())
          .addColumn("marks", "text", (c) => c.notNull())
          .execute();
      },
      async down(db) {
        await db.schema.dropTable("read_marks").execute();
      },
    },
  };
}

/**
 * Brings the schema to the newest migration, or up or down to `upTo` (tests start from an older
 * schema); throws when one fails.
 */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  dialect: Dialect,
  upTo?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(dialect)) },
    // Kysely looks for its migration table in every schema unless told which: a second
    // deployment (or test) in another schema of the same database would hide ours.
    migrationTableSchema: dialect === "postgres" ? await currentSchema(db) : undefined,
  });
  const { error, results } =
    upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
  throw new Error(`database migration ${failed} failed: ${String(error)}`, { cause: error });
}

/** The schema new tables go to (the first of `search_path` that exists). */
async function currentSchema<T>(db: Kysely<T>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("database: no schema of search_path exists");
  return schema;
}
