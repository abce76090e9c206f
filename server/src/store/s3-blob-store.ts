import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { BlobInput, BlobStore, ByteRange, StoredBlob } from "./blob-store";

/** Where the bucket is; credentials come from the SDK's own variables (AWS_ACCESS_KEY_ID, ...). */
export type S3Settings = { bucket: string; endpoint?: string; region: string };

/**
 * The blob store in an S3-compatible bucket (decisions/039), as a deployment of several
 * instances without one database for files needs. The bucket stays private: the server
 * answers every fetch itself.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // A self-hosted server (MinIO, Garage, ...) names the bucket in the path.
      forcePathStyle: settings.endpoint !== undefined,
      // A checksum only where S3 requires one: a streamed body then goes plain, not in the
      // "aws-chunked" framing that many S3-compatible servers store as it came.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, type: string, input: BlobInput): Promise<void> {
    const body = input instanceof Uint8Array ? input : input.stream;
    const length = input instanceof Uint8Array ? input.byteLength : input.size;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: type,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredBlob | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const { Body, ContentRange, ContentLength, ContentType } = answer;
      if (!(Body instanceof Readable)) throw new Error(`s3 ${key}: no body`);
      const type = ContentType ?? "application/octet-stream";
      if (!range) return { type, size: Number(ContentLength), body: Body };
      // "bytes 10-19/100"; HTTP lets a server answer more than the range asked (some
      // S3-compatible ones give the whole file for "bytes=0-0"): the range is cut from it.
      const [, from, size] = /^bytes (\d+)-\d+\/(\d+)$/.exec(ContentRange ?? "") ?? [];
      const start = from === undefined ? 0 : Number(from);
      const whole = size === undefined ? Number(ContentLength) : Number(size);
      return { type, size: whole, body: Readable.from(slice(Body, start, range)) };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      // A range beyond the end: the whole size is not told, and no byte is in it.
      if (range && error instanceof S3ServiceException && error.name === "InvalidRange") {
        return { type: "application/octet-stream", size: 0, body: Readable.from([]) };
      }
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const { bucket } = this.settings;
    // Each page lists at most 1,000 keys, as many as one delete takes.
    for (let page = 0; page < 10_000; page++) {
      const listed = await this.client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      const keys = (listed.Contents ?? []).flatMap(({ Key }) => (Key ? [{ Key }] : []));
      if (keys.length === 0) return;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      if (!listed.IsTruncated) return;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** Bytes `range.start` to `range.end` (included) of a stream that begins at byte `at`. */
async function* slice(body: Readable, at: number, range: ByteRange): AsyncGenerator<Buffer> {
  for await (const part of body as AsyncIterable<Buffer>) {
    const from = Math.max(0, range.start - at);
    const to = Math.min(part.byteLength, range.end + 1 - at);
    if (to > from) yield part.subarray(from, to);
    at += part.byteLength;
    if (at > range.end) break;
  }
  body.destroy();
}
