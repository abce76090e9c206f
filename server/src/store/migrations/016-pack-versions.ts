import type { DialectMigration } from "../migration-dialect";

// The content pack as versions (decisions/032): each version lists its files with their
// content's hash; the contents are stored once per hash, in chunks of at most 1 MiB; a
// release makes a version the live one, and the newest release is live.
export const migration: DialectMigration = ({ id, bytes }) => ({
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
});
