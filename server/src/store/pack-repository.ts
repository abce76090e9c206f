import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A blob is stored in parts of this size, so that no row or buffer grows with a video. */
export const BLOB_CHUNK = 1024 * 1024;

/** A file of a version as the version lists it. */
export type PackFileEntry = { path: string; hash: string; size: number };

export type PackVersion = {
  id: number;
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

type VersionRow = Omit<PackVersion, "files"> & { files: string };

const toVersion = (row: VersionRow): PackVersion => ({
  ...row,
  files: JSON.parse(row.files) as PackFileEntry[],
});

/**
 * The content pack's versions (decisions/032): each version's file list, the files' contents
 * once per hash in chunks, and the releases, the newest of which is live.
 */
export class PackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a version with the contents it lacks; a version of the same digest is the same
   * version, and is returned as it is (`created: false`). Call it in a transaction.
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
        digest: version.digest,
        files: JSON.stringify(version.files),
        source: version.source,
        author: version.author,
        createdAt: version.createdAt,
      })
      .onConflict((conflict) => conflict.column("digest").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return { version: toVersion(row), created: true };
    const theirs = await this.byDigest(version.digest);
    if (!theirs) throw new Error(`pack version ${version.digest} vanished`);
    return { version: theirs, created: false };
  }

  /** Stores a file's content under its hash, unless it is stored. */
  async saveBlob(hash: string, bytes: Uint8Array): Promise<void> {
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / BLOB_CHUNK));
    const inserted = await this.db
      .insertInto("packBlobs")
      .values({ hash, size: bytes.byteLength, chunks })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .returning("hash")
      .executeTakeFirst();
    if (!inserted) return;
    // Both drivers bind a Buffer; a plain Uint8Array (an unzipped file) is wrapped, not copied.
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let seq = 0; seq < chunks; seq++) {
      const data = buffer.subarray(seq * BLOB_CHUNK, (seq + 1) * BLOB_CHUNK);
      await this.db.insertInto("packBlobChunks").values({ hash, seq, data }).execute();
    }
  }

  /**
   * Stores a content of `size` bytes under its hash, unless it is stored, from `read`'s chunks
   * (of any size), a chunk at a time: a video is never held whole.
   */
  async saveBlobStream(
    hash: string,
    size: number,
    read: () => AsyncIterable<Uint8Array>,
  ): Promise<void> {
    const chunks = Math.max(1, Math.ceil(size / BLOB_CHUNK));
    const inserted = await this.db
      .insertInto("packBlobs")
      .values({ hash, size, chunks })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .returning("hash")
      .executeTakeFirst();
    if (!inserted) return;
    let seq = 0;
    let total = 0;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    for await (const bytes of read()) {
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      total += bytes.byteLength;
      if (total > size) break;
      // The last chunk waits for the end: a chunk of BLOB_CHUNK bytes may be the last.
      while (pendingBytes > BLOB_CHUNK || (pendingBytes === BLOB_CHUNK && total < size)) {
        const data = Buffer.concat(pending);
        await this.db
          .insertInto("packBlobChunks")
          .values({ hash, seq: seq++, data: data.subarray(0, BLOB_CHUNK) })
          .execute();
        pending = [data.subarray(BLOB_CHUNK)];
        pendingBytes -= BLOB_CHUNK;
      }
    }
    if (total !== size) throw new Error(`pack blob ${hash}: ${total} bytes, not ${size}`);
    const data = Buffer.concat(pending);
    await this.db.insertInto("packBlobChunks").values({ hash, seq, data }).execute();
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

  /** A blob's size, or undefined when no such content is stored. */
  async blobSize(hash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("packBlobs")
      .select("size")
      .where("hash", "=", hash)
      .executeTakeFirst();
    return row?.size;
  }

  async byDigest(digest: string): Promise<PackVersion | undefined> {
    const row = await this.db
      .selectFrom("packVersions")
      .selectAll()
      .where("digest", "=", digest)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  async byId(id: number): Promise<PackVersion | undefined> {
    const row = await this.db
      .selectFrom("packVersions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** Makes `versionId` the live version. */
  async release(versionId: number, at: string, by: string | null): Promise<void> {
    await this.db
      .insertInto("packReleases")
      .values({ versionId, releasedAt: at, releasedBy: by })
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

  /** The version stored just before `id`, if any. */
  async before(id: number): Promise<PackVersion | undefined> {
    const row = await this.db
      .selectFrom("packVersions")
      .selectAll()
      .where("id", "<", id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** The newest versions first. */
  async versions(limit: number): Promise<PackVersion[]> {
    const rows = await this.db
      .selectFrom("packVersions")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
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
      .where("versionId", "=", versionId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A blob's chunks in order, one at a time: a video is never read whole. */
  async *chunks(hash: string): AsyncGenerator<Uint8Array> {
    const blob = await this.db
      .selectFrom("packBlobs")
      .select("chunks")
      .where("hash", "=", hash)
      .executeTakeFirst();
    if (!blob) throw new Error(`pack blob ${hash} is missing`);
    for (let seq = 0; seq < blob.chunks; seq++) {
      const chunk = await this.db
        .selectFrom("packBlobChunks")
        .select("data")
        .where("hash", "=", hash)
        .where("seq", "=", seq)
        .executeTakeFirstOrThrow();
      yield chunk.data;
    }
  }
}
