import type { Expression, Kysely } from "kysely";
import { PackBlobs } from "./pack-blobs";
import type { Database } from "./schema";

/** A file of a version as the version lists it. */
export type PackFileEntry = { path: string; hash: string; size: number };

export type PackVersion = {
  id: number;
  /** Its number in its game: 1 for the game's first version (ids are the installation's). */
  number: number;
  digest: string;
  files: PackFileEntry[];
  source: string;
  author: string | null;
  createdAt: string;
};

export type PackRelease = {
  id: number;
  version: PackVersion;
  releasedAt: string;
  releasedBy: string | null;
};

/** What a version is made of: its files with their bytes, and who made it. */
export type NewPackVersion = {
  digest: string;
  files: { path: string; hash: string; bytes: Uint8Array }[];
  source: string;
  author: string | null;
  createdAt: string;
};

type VersionRow = Omit<PackVersion, "files" | "number"> & {
  files: string;
  /** A count, as each dialect returns it (a subquery's type allows no row: never here). */
  number: number | string | bigint | null;
};

/** A version's columns as a PackVersion has them (not its game's). */
const VERSION_COLUMNS = ["id", "digest", "files", "source", "author", "createdAt"] as const;

const toVersion = (row: VersionRow): PackVersion => ({
  ...row,
  number: Number(row.number),
  files: JSON.parse(row.files) as PackFileEntry[],
});

/**
 * One game's content pack versions (decisions/032, 054): each version's file list and the
 * releases, the newest of which is live; the files' contents, once per hash in chunks, are
 * the installation's (pack-blobs.ts). A version of another game is not found here.
 */
export class PackRepository extends PackBlobs {
  constructor(
    db: Kysely<Database>,
    private readonly game: number,
  ) {
    super(db);
  }

  /**
   * Stores a version with the contents it lacks; a version of the game with the same digest is
   * the same version, and is returned as it is (`created: false`). Call it in a transaction.
   */
  async save(version: NewPackVersion): Promise<{ version: PackVersion; created: boolean }> {
    const known = await this.byDigest(version.digest);
    if (known) return { version: known, created: false };
    for (const file of version.files) await this.saveBlob(file.hash, file.bytes);
    const files: PackFileEntry[] = version.files.map(({ path, hash, bytes }) => ({
      path,
      hash,
      size: bytes.byteLength,
    }));
    return this.insertVersion({ ...version, files });
  }

  private async insertVersion(
    version: Omit<NewPackVersion, "files"> & { files: PackFileEntry[] },
  ): Promise<{ version: PackVersion; created: boolean }> {
    // Another instance may store the same version at the same time: the first one's stays.
    const row = await this.db
      .insertInto("packVersions")
      .values({
        gameId: this.game,
        digest: version.digest,
        files: JSON.stringify(version.files),
        source: version.source,
        author: version.author,
        createdAt: version.createdAt,
      })
      .onConflict((conflict) => conflict.columns(["gameId", "digest"]).doNothing())
      .returning(VERSION_COLUMNS)
      .executeTakeFirst();
    const mine = row && (await this.byId(row.id));
    if (mine) return { version: mine, created: true };
    const theirs = await this.byDigest(version.digest);
    if (!theirs) throw new Error(`pack version ${version.digest} vanished`);
    return { version: theirs, created: false };
  }

  /**
   * Stores a version whose contents are stored already (the studio's draft); like `save`, the
   * same digest is the same version.
   */
  async saveListed(
    version: Omit<NewPackVersion, "files"> & { files: PackFileEntry[] },
  ): Promise<{ version: PackVersion; created: boolean }> {
    const known = await this.byDigest(version.digest);
    if (known) return { version: known, created: false };
    return this.insertVersion(version);
  }

  async byDigest(digest: string): Promise<PackVersion | undefined> {
    const row = await this.mine().where("digest", "=", digest).executeTakeFirst();
    return row && toVersion(row);
  }

  async byId(id: number): Promise<PackVersion | undefined> {
    const row = await this.mine().where("id", "=", id).executeTakeFirst();
    return row && toVersion(row);
  }

  private mine() {
    return this.db
      .selectFrom("packVersions")
      .select(VERSION_COLUMNS)
      .select((eb) => this.numberOf(eb.ref("packVersions.id")))
      .where("gameId", "=", this.game);
  }

  /** A version's number in the game: how many of its versions are as old or older. */
  private numberOf(id: Expression<number>) {
    return this.db
      .selectFrom("packVersions as earlier")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .where("earlier.gameId", "=", this.game)
      .where("earlier.id", "<=", id)
      .as("number");
  }

  /** Makes `versionId` the live version; throws when it is no version of the game. */
  async release(versionId: number, at: string, by: string | null): Promise<void> {
    const version = await this.mine().where("id", "=", versionId).executeTakeFirst();
    if (!version) throw new Error(`pack version ${versionId} is not of game ${this.game}`);
    await this.db
      .insertInto("packReleases")
      .values({ gameId: this.game, versionId, releasedAt: at, releasedBy: by })
      .execute();
  }

  /** The newest releases first, with their versions; the first is live. */
  async releases(limit: number): Promise<PackRelease[]> {
    const rows = await this.db
      .selectFrom("packReleases")
      .innerJoin("packVersions", "packVersions.id", "packReleases.versionId")
      .select([
        "packReleases.id as releaseId",
        "packReleases.releasedAt",
        "packReleases.releasedBy",
        "packVersions.id",
        "packVersions.digest",
        "packVersions.files",
        "packVersions.source",
        "packVersions.author",
        "packVersions.createdAt",
      ])
      .select((eb) => this.numberOf(eb.ref("packVersions.id")))
      .where("packReleases.gameId", "=", this.game)
      .orderBy("packReleases.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(({ releaseId, releasedAt, releasedBy, ...version }) => ({
      id: releaseId,
      version: toVersion(version),
      releasedAt,
      releasedBy,
    }));
  }

  /** The version players get now: the newest release's. */
  async live(): Promise<PackVersion | undefined> {
    return (await this.releases(1))[0]?.version;
  }

  /** The game's version stored just before `id`, if any. */
  async before(id: number): Promise<PackVersion | undefined> {
    const row = await this.mine()
      .where("id", "<", id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** The newest versions first. */
  async versions(limit: number): Promise<PackVersion[]> {
    const rows = await this.mine().orderBy("id", "desc").limit(limit).execute();
    return rows.map(toVersion);
  }

  /** Each of `versionIds`' newest release, by version id; a version never live has none. */
  async lastReleases(
    versionIds: number[],
  ): Promise<Map<number, { releasedAt: string; releasedBy: string | null }>> {
    const last = new Map<number, { releasedAt: string; releasedBy: string | null }>();
    if (versionIds.length === 0) return last;
    const rows = await this.db
      .selectFrom("packReleases")
      .select(["versionId", "releasedAt", "releasedBy"])
      .where("gameId", "=", this.game)
      .where("versionId", "in", versionIds)
      .orderBy("id", "desc")
      .execute();
    for (const { versionId, ...release } of rows) {
      if (!last.has(versionId)) last.set(versionId, release);
    }
    return last;
  }

  /** Whether `versionId` was ever live. */
  async wasReleased(versionId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("packReleases")
      .select("id")
      .where("gameId", "=", this.game)
      .where("versionId", "=", versionId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
