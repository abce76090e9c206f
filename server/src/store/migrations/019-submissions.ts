import type { DialectMigration } from "../migration-dialect";

// Missions (decisions/039): what players sent for a mission, judged once by a host; the
// files of the blob store (blob-store.ts) when it keeps them in the database, in chunks
// of at most 1 MiB like the pack's, under a key a prefix erases.
export const migration: DialectMigration = ({ id, float, bytes }) => ({
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
});
