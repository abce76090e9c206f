import type { Readable } from "node:stream";

/** A byte range, both ends included (as HTTP's `Range: bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/** What to store: bytes in memory (a shrunk photo), or a stream of a known size (a video). */
export type BlobInput = Uint8Array | { stream: Readable; size: number };

/** A stored file: its type and whole size, and the bytes asked for. */
export type StoredBlob = { type: string; size: number; body: Readable };

/**
 * Where the files players send are kept (decisions/039): the database by default
 * (blob-repository.ts), an S3-compatible bucket when configured (s3-blob-store.ts). Keys are
 * paths (`submissions/12/photo.jpg`); a prefix erases everything below it.
 */
export type BlobStore = {
  /** Stores `input` under `key`, replacing what was there. */
  put(key: string, type: string, input: BlobInput): Promise<void>;
  /** The file, or only `range` of its bytes; undefined when none is stored under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredBlob | undefined>;
  /** Deletes every file whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
};

/** The bytes of `input` as a stream of chunks of at most `chunkSize` bytes. */
export async function* chunksOf(input: BlobInput, chunkSize: number): AsyncGenerator<Buffer> {
  if (input instanceof Uint8Array) {
    const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    for (let at = 0; at < buffer.byteLength; at += chunkSize) {
      yield buffer.subarray(at, at + chunkSize);
    }
    return;
  }
  let pending: Buffer[] = [];
  let length = 0;
  for await (const part of input.stream as AsyncIterable<Buffer>) {
    pending.push(part);
    length += part.byteLength;
    while (length >= chunkSize) {
      const joined = Buffer.concat(pending, length);
      yield joined.subarray(0, chunkSize);
      pending = [joined.subarray(chunkSize)];
      length -= chunkSize;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}

/** `%` and `_` of a key match themselves in a LIKE pattern. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
