import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ServiceError } from "../errors";

/**
 * Writes a request's body into `file` as it arrives, a chunk at a time, so that no upload is
 * held in memory whole: its size and SHA-256 (hex). A body of more than `limit` bytes is
 * refused (413 with `tooLarge`) as soon as it passes the limit, or at once where its
 * Content-Length says so.
 */
export async function receiveFile(
  body: Readable,
  file: string,
  limit: number,
  tooLarge: string,
  declared?: number,
): Promise<{ size: number; hash: string }> {
  if (declared !== undefined && declared > limit) {
    body.resume();
    throw new ServiceError(413, tooLarge);
  }
  const hash = createHash("sha256");
  let size = 0;
  let over = false;
  let broken = false;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) {
        over = true;
        done(new Error("the body passes the limit"));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // The body is piped rather than put in the pipeline: a refused body is read to its end and
  // dropped, so that the socket stays open for the answer.
  const written = pipeline(count, createWriteStream(file, { flags: "wx" }));
  const broke = () => {
    broken = true;
    count.destroy(new Error("the upload broke off"));
  };
  body.on("error", broke);
  body.on("close", () => {
    if (!body.readableEnded) broke();
  });
  body.pipe(count);
  try {
    await written;
  } catch (error) {
    body.unpipe(count);
    body.resume();
    if (over) throw new ServiceError(413, tooLarge);
    if (broken) throw new ServiceError(400, "the upload broke off before its end");
    throw error;
  }
  return { size, hash: hash.digest("hex") };
}

/** A request's Content-Length, where it sends one. */
export function declaredLength(header: string | undefined): number | undefined {
  const length = Number(header);
  return header !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}
