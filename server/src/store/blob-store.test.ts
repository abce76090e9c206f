import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSchema } from "../../test/support/postgres";
import { startS3 } from "../../test/support/s3";
import type { BlobStore } from "./blob-store";
import { BLOB_CHUNK } from "./pack-blobs";
import { S3BlobStore } from "./s3-blob-store";
import { openStore } from "./store";

/** Each store, on a fresh place, and what removes it. */
const stores: [string, () => Promise<{ blobs: BlobStore; done(): Promise<void> }>][] = [
  [
    "SQLite, with no set-up",
    async () => {
      const store = openStore({ kind: "sqlite", file: ":memory:" });
      await store.migrate();
      return { blobs: store.repos.blobs, done: () => store.close() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const schema = await createTestSchema();
      const store = openStore(schema.database);
      await store.migrate();
      return {
        blobs: store.repos.blobs,
        done: async () => {
          await store.close();
          await schema.drop();
        },
      };
    },
  ],
  [
    "a real S3-compatible server",
    async () => {
      const s3 = await startS3();
      const blobs = new S3BlobStore(s3.settings);
      return {
        blobs,
        done: async () => {
          blobs.close();
          await s3.stop();
        },
      };
    },
  ],
];

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("nothing stored");
  return value;
}

async function read(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** A stream that hands out `bytes` in uneven pieces, as a socket or a file does. */
function pieces(bytes: Buffer): Readable {
  const parts: Buffer[] = [];
  for (let at = 0, size = 1; at < bytes.byteLength; at += size, size = (size * 7) % 300_001) {
    parts.push(bytes.subarray(at, at + size));
  }
  return Readable.from(parts);
}

describe.each(stores)("the blob store in %s", (_name, open) => {
  let blobs: BlobStore;
  let done: () => Promise<void>;

  beforeAll(async () => {
    ({ blobs, done } = await open());
  });
  afterAll(() => done());

  it("gives back a small file whole, with its type and size", async () => {
    const bytes = randomBytes(1000);
    await blobs.put("submissions/1/photo.jpg", "image/jpeg", bytes);
    const stored = await blobs.get("submissions/1/photo.jpg");
    expect(stored).toMatchObject({ type: "image/jpeg", size: 1000 });
    expect((await read(must(stored).body)).equals(bytes)).toBe(true);
  });

  it("takes a stream of several chunks and gives back any range of it", async () => {
    const bytes = randomBytes(2 * BLOB_CHUNK + 12_345);
    await blobs.put("submissions/2/video.webm", "video/webm", {
      stream: pieces(bytes),
      size: bytes.byteLength,
    });
    const whole = await blobs.get("submissions/2/video.webm");
    expect(whole?.size).toBe(bytes.byteLength);
    expect((await read(must(whole).body)).equals(bytes)).toBe(true);
    // Across the border of two chunks, and the last byte alone.
    for (const [start, end] of [
      [BLOB_CHUNK - 10, BLOB_CHUNK + 9],
      [bytes.byteLength - 1, bytes.byteLength - 1],
      [0, 0],
    ] as const) {
      const part = await blobs.get("submissions/2/video.webm", { start, end });
      expect(part?.size).toBe(bytes.byteLength);
      expect((await read(must(part).body)).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it("replaces a file stored under the same key", async () => {
    await blobs.put("submissions/3/photo.jpg", "image/jpeg", randomBytes(BLOB_CHUNK + 5));
    const newer = randomBytes(10);
    await blobs.put("submissions/3/photo.jpg", "image/png", newer);
    const stored = await blobs.get("submissions/3/photo.jpg");
    expect(stored).toMatchObject({ type: "image/png", size: 10 });
    expect((await read(must(stored).body)).equals(newer)).toBe(true);
  });

  it("erases everything below a prefix, and nothing beside it", async () => {
    await blobs.put("submissions/40/photo.jpg", "image/jpeg", randomBytes(10));
    await blobs.put("submissions/40/thumb.jpg", "image/jpeg", randomBytes(10));
    await blobs.put("submissions/4_0/photo.jpg", "image/jpeg", randomBytes(10));
    await blobs.put("submissions/400/photo.jpg", "image/jpeg", randomBytes(10));
    await blobs.deletePrefix("submissions/40/");
    expect(await blobs.get("submissions/40/photo.jpg")).toBeUndefined();
    expect(await blobs.get("submissions/40/thumb.jpg")).toBeUndefined();
    expect(await blobs.get("submissions/4_0/photo.jpg")).toBeDefined();
    expect(await blobs.get("submissions/400/photo.jpg")).toBeDefined();
  });

  it("knows no file it was never given", async () => {
    expect(await blobs.get("submissions/none")).toBeUndefined();
  });
});
