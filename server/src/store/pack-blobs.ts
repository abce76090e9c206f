import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A blob is stored in parts of this size, so that no row or buffer grows with a video. */
export const BLOB_CHUNK = 1024 * 1024;

/**
 * The contents of the pack's files, once per hash in chunks (decisions/032), shared by every
 * game of the installation: a content is read only through a version or a draft of one's own
 * game, which names its hash.
 */
export class PackBlobs {
  constructor(protected readonly db: Kysely<Database>) {}

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

  /** A blob's size, or undefined when no such content is stored. */
  async blobSize(hash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("packBlobs")
      .select("size")
      .where("hash", "=", hash)
      .executeTakeFirst();
    return row?.size;
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
