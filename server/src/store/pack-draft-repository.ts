import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A file the draft changes: its new content's hash, or null where the draft removes it. */
export type DraftChange = {
  path: string;
  hash: string | null;
  updatedAt: string;
  updatedBy: string | null;
};

/** A change as read, with its content's size (0 for a removal). */
export type DraftFile = DraftChange & { size: number };

/**
 * One game's studio draft (decisions/033, 054): the version it changes and the files it
 * changes. The game's draft is the one row of pack_drafts whose id is the game's. Every write
 * names the content it replaces, so two authors never overwrite each other unseen.
 */
export class PackDraftRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** The version the draft's changes apply to; undefined when there is no draft. */
  async base(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("packDrafts")
      .select("baseVersionId")
      .where("id", "=", this.game)
      .where("gameId", "=", this.game)
      .executeTakeFirst();
    return row?.baseVersionId;
  }

  /** Starts the draft on `versionId` unless one is started; answers the draft's base. */
  async start(versionId: number): Promise<number> {
    await this.db
      .insertInto("packDrafts")
      .values({ id: this.game, gameId: this.game, baseVersionId: versionId })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
    const base = await this.base();
    if (base === undefined) throw new Error("pack draft vanished");
    return base;
  }

  /** Moves the draft onto `versionId` (after a publish of it). */
  async rebase(versionId: number): Promise<void> {
    await this.db
      .updateTable("packDrafts")
      .set({ baseVersionId: versionId })
      .where("id", "=", this.game)
      .where("gameId", "=", this.game)
      .execute();
  }

  async files(): Promise<DraftFile[]> {
    const rows = await this.withSizes().orderBy("packDraftFiles.path").execute();
    return rows.map(({ size, ...change }) => ({ ...change, size: size ?? 0 }));
  }

  async file(path: string): Promise<DraftFile | undefined> {
    const row = await this.withSizes().where("packDraftFiles.path", "=", path).executeTakeFirst();
    return row && { ...row, size: row.size ?? 0 };
  }

  private withSizes() {
    return this.db
      .selectFrom("packDraftFiles")
      .leftJoin("packBlobs", "packBlobs.hash", "packDraftFiles.hash")
      .select([
        "packDraftFiles.path",
        "packDraftFiles.hash",
        "packDraftFiles.updatedAt",
        "packDraftFiles.updatedBy",
        "packBlobs.size",
      ])
      .where("packDraftFiles.gameId", "=", this.game);
  }

  /**
   * Writes `file` where the draft's entry for its path still has the hash `replaces` (or has no
   * entry, when `replaces` is undefined): false when another write came first.
   */
  async write(file: DraftChange, replaces: string | null | undefined): Promise<boolean> {
    const written = await this.db
      .insertInto("packDraftFiles")
      .values({ ...file, gameId: this.game })
      .onConflict((conflict) => {
        const update = conflict.columns(["gameId", "path"]).doUpdateSet({
          hash: file.hash,
          updatedAt: file.updatedAt,
          updatedBy: file.updatedBy,
        });
        if (replaces === undefined) return update.where((eb) => eb.lit(false));
        return replaces === null
          ? update.where("packDraftFiles.hash", "is", null)
          : update.where("packDraftFiles.hash", "=", replaces);
      })
      .returning("path")
      .executeTakeFirst();
    return written !== undefined;
  }

  /** Takes the draft's entry for `path` back where it still has the hash `replaces`. */
  async revert(path: string, replaces: string | null): Promise<boolean> {
    const query = this.db
      .deleteFrom("packDraftFiles")
      .where("gameId", "=", this.game)
      .where("path", "=", path);
    const deleted = await (
      replaces === null ? query.where("hash", "is", null) : query.where("hash", "=", replaces)
    ).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  /** Drops the entries published as they are; entries changed since stay in the draft. */
  async settle(published: { path: string; hash: string | null }[]): Promise<void> {
    for (const { path, hash } of published) await this.revert(path, hash);
  }

  /** Drops the game's whole draft. */
  async discard(): Promise<void> {
    await this.db.deleteFrom("packDraftFiles").where("gameId", "=", this.game).execute();
    await this.db.deleteFrom("packDrafts").where("gameId", "=", this.game).execute();
  }
}
