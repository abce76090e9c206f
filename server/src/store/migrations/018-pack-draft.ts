import type { DialectMigration } from "../migration-dialect";

// The studio's draft (decisions/033): the files it changes against the version it started
// from, each pointing to its content in pack_blobs (none: the file is removed).
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("pack_drafts")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("base_version_id", "integer", (c) => c.notNull().references("pack_versions.id"))
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
});
