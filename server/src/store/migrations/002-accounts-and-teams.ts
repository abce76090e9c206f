import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// Accounts and teams: a player's number, password and team, sessions, SMS codes, password
// resets and team invitations.
export const migration: DialectMigration = ({ id, continueIds }) => ({
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
});
