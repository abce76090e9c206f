import { Readable } from "node:stream";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { BlobInput, BlobStore, ByteRange, StoredBlob } from "./blob-store";
import { chunksOf, likePrefix } from "./blob-store";
import { BLOB_CHUNK } from "./pack-blobs";
import type { Database } from "./schema";

/**
 * The blob store in the database (decisions/039): a file's bytes in rows of at most 1 MiB,
 * written one at a time as they arrive, read one at a time as they are sent, so that no
 * buffer grows with a video. Needs no set-up, and serves every instance of one PostgreSQL.
 */
export class BlobRepository implements BlobStore {
  constructor(private readonly db: Kysely<Database>) {}

  async put(key: string, type: string, input: BlobInput): Promise<void> {
    await this.deletePrefixExact(key);
    let seq = 0;
    let size = 0;
    try {
      for await (const data of chunksOf(input, BLOB_CHUNK)) {
        await this.db.insertInto("blobChunks").values({ key, seq, data }).execute();
        seq += 1;
        size += data.byteLength;
      }
      await this.db.insertInto("blobs").values({ key, type, size, chunks: seq }).execute();
    } catch (error) {
      await this.deletePrefixExact(key);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredBlob | undefined> {
    const row = await this.db
      .selectFrom("blobs")
      .select(["type", "size"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) return undefined;
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? row.size - 1, row.size - 1);
    return { type: row.type, size: row.size, body: Readable.from(this.bytes(key, start, end)) };
  }

  async deletePrefix(prefix: string): Promise<void> {
    const pattern = likePrefix(prefix);
    await this.db
      .deleteFrom("blobChunks")
      .where(sql<boolean>`key like ${pattern} escape '\\'`)
      .execute();
    await this.db
      .deleteFrom("blobs")
      .where(sql<boolean>`key like ${pattern} escape '\\'`)
      .execute();
  }

  private async deletePrefixExact(key: string): Promise<void> {
    await this.db.deleteFrom("blobChunks").where("key", "=", key).execute();
    await this.db.deleteFrom("blobs").where("key", "=", key).execute();
  }

  /** Bytes `start` to `end` (included), a chunk's row at a time. */
  private async *bytes(key: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let seq = Math.floor(start / BLOB_CHUNK); seq * BLOB_CHUNK <= end; seq++) {
      const row = await this.db
        .selectFrom("blobChunks")
        .select("data")
        .where("key", "=", key)
        .where("seq", "=", seq)
        .executeTakeFirst();
      if (!row) throw new Error(`blob ${key}: chunk ${seq} is missing`);
      const offset = seq * BLOB_CHUNK;
      const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      yield data.subarray(Math.max(0, start - offset), end - offset + 1);
    }
  }
}
