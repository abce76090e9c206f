import type { DialectMigration } from "../migration-dialect";

// Stories, media progress and the messages due later (decisions/008, decisions/009).
export const migration: DialectMigration = ({ id, float }) => ({
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
});
