import { PassThrough } from "node:stream";
import type { Readable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { DeflateOptions } from "fflate";

/** Adds the zip's files one after another. */
export type ZipWriter = {
  /**
   * Adds the file `path` from its chunks, deflated at `level` (0: stored as they are, for what
   * is compressed already), each chunk handed on before the next is read.
   */
  add(
    path: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    level?: DeflateOptions["level"],
  ): Promise<void>;
};

/** The reader went away: what `write` is adding is no longer read. */
class Abandoned extends Error {}

/**
 * A zip streamed to its reader as `write` adds its files (fflate's streaming zip): one file's
 * chunks at a time, waiting while the reader lags, so no file is held in memory whole. The
 * stream fails where `write` fails; `write` stops at its next chunk when the reader goes.
 */
export function zipStream(write: (zip: ZipWriter) => Promise<void>): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.destroyed) throw new Abandoned();
    if (!out.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      out.once("drain", resolve);
      out.once("close", resolve);
    });
    if (out.destroyed) throw new Abandoned();
  };
  const writer: ZipWriter = {
    add: async (path, chunks, level = 6) => {
      const entry = level === 0 ? new ZipPassThrough(path) : new ZipDeflate(path, { level });
      zip.add(entry);
      for await (const chunk of chunks) {
        entry.push(chunk);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    },
  };
  write(writer).then(
    () => zip.end(),
    (error: unknown) => {
      if (error instanceof Abandoned) return;
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
