import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import type { Entry, ZipFile } from "yauzl";
import type { ContentProblem } from "../content/model";

/**
 * What a zip may hold: more entries (folders and what zip tools add, too), files or bytes
 * unpacked refuse it, the entries before any is read, the bytes before any is written.
 */
export const ARCHIVE_LIMITS = { entries: 10_000, files: 5000, bytes: 1024 * 1024 * 1024 };

/** The smallest entry of a zip's central directory: its fixed fields, without a name. */
const CENTRAL_ENTRY_BYTES = 46;

/** A file unpacked into the folder: its path there (`/` between parts), SHA-256 and size. */
export type UnpackedFile = { path: string; hash: string; size: number };

export type Unpacked =
  { ok: true; files: UnpackedFile[] } | { ok: false; problems: ContentProblem[] };

/** A zip refused, with the reason. */
class Refusal extends Error {}

/**
 * Unpacks the pack folder zipped in the file `zip` into the folder `dir`, a file at a time
 * through a stream, never one whole in memory. Its files may lie at the zip's root (`game.yaml`
 * first level) or in one folder (a zip of the folder itself), which is taken off. Folders,
 * hidden files and the resource forks of macOS's zips are left out.
 *
 * The count of entries in the zip's end record (its ZIP64 record where there is one) is checked
 * before any entry is read, the entries' names and declared sizes before any is unpacked: too
 * many entries, files or bytes, a name that could leave the folder or holds a control
 * character, a name twice, a file where another's folder is, an encrypted entry or an unknown
 * compression refuse the zip. An entry whose bytes pass its declared size stops the unpacking
 * there, so the bytes written never pass the declared total.
 */
export async function unpackZip(zip: string, dir: string, top = "game.yaml"): Promise<Unpacked> {
  let file: ZipFile | undefined;
  try {
    file = await openZip(zip);
    const entries = await readEntries(file);
    const files = folderOf(entries, top);
    await mkdir(dir, { recursive: true });
    const unpacked: UnpackedFile[] = [];
    for (const { entry, path: name } of files) {
      unpacked.push(await unpackEntry(file, entry, name, path.join(dir, ...name.split("/"))));
    }
    return { ok: true, files: unpacked };
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message);
    // The disk's failures are the server's, not the zip's: their messages name its folders.
    if (systemError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const name = /^(?:invalid characters in fileName|absolute path|invalid relative path): (.*)$/s;
    const unsafe = name.exec(message)?.[1];
    if (unsafe !== undefined)
      return refuse(`${JSON.stringify(unsafe)} is not a path within the pack`);
    return refuse(`not a zip file (${message})`);
  } finally {
    file?.close();
  }
}

function refuse(message: string): Unpacked {
  return { ok: false, problems: [{ file: "zip", message }] };
}

function openZip(zip: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const options = {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    };
    yauzl.open(zip, options, (error, file) => {
      if (error) reject(error);
      else resolve(file);
    });
  });
}

/**
 * The zip's file entries from its central directory, checked, once its end record's count
 * passed the limits: nothing past the limits is read.
 */
async function readEntries(file: ZipFile): Promise<Entry[]> {
  const { entryCount: count, fileSize } = file;
  if (count > ARCHIVE_LIMITS.entries) {
    throw new Refusal(
      `the zip says it has ${count} entries; a pack may have at most ${ARCHIVE_LIMITS.files} files`,
    );
  }
  if (count * CENTRAL_ENTRY_BYTES > fileSize) {
    throw new Refusal(
      `the zip says it has ${count} entries, more than its ${fileSize} bytes can hold`,
    );
  }
  const files = new Map<string, Entry>();
  const folders = new Set<string>();
  let bytes = 0;
  for (let entry = await nextEntry(file); entry; entry = await nextEntry(file)) {
    const name = entry.fileName;
    if (/\p{Cc}/u.test(name)) {
      throw new Refusal(`${JSON.stringify(name)}: a name with a control character`);
    }
    const folder = name.endsWith("/");
    const bare = folder ? name.slice(0, -1) : name;
    if (!safe(bare)) throw new Refusal(`${JSON.stringify(name)} is not a path within the pack`);
    if (skipped(bare)) continue;
    if (folder) {
      folders.add(bare);
      continue;
    }
    if (files.has(name)) throw new Refusal(`${JSON.stringify(name)} is in the zip twice`);
    if (entry.isEncrypted()) throw new Refusal(`${JSON.stringify(name)} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new Refusal(`${JSON.stringify(name)}: packed in a way other than deflate`);
    }
    files.set(name, entry);
    if (files.size > ARCHIVE_LIMITS.files) {
      throw new Refusal(`more than ${ARCHIVE_LIMITS.files} files`);
    }
    bytes += entry.uncompressedSize;
    if (bytes > ARCHIVE_LIMITS.bytes) throw new Refusal("more than 1 GB unpacked");
  }
  for (const name of files.keys()) {
    const parts = name.split("/");
    for (let end = 1; end < parts.length; end++) {
      const above = parts.slice(0, end).join("/");
      if (files.has(above)) {
        throw new Refusal(`${JSON.stringify(name)}: ${JSON.stringify(above)} is a file, no folder`);
      }
      folders.add(above);
    }
  }
  for (const name of files.keys()) {
    if (folders.has(name)) {
      throw new Refusal(`${JSON.stringify(name)}: a file and a folder of this name`);
    }
  }
  return [...files.values()];
}

function nextEntry(file: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      file.off("entry", onEntry);
      file.off("end", onEnd);
      file.off("error", onError);
    };
    const onEntry = (entry: Entry) => {
      settle();
      resolve(entry);
    };
    const onEnd = () => {
      settle();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    file.on("entry", onEntry);
    file.on("end", onEnd);
    file.on("error", onError);
    file.readEntry();
  });
}

/** The entries with their paths in the pack: a single folder around them all taken off. */
function folderOf(entries: Entry[], top: string): { entry: Entry; path: string }[] {
  const names = entries.map((entry) => entry.fileName);
  const folder = names[0]?.split("/")[0];
  const inOneFolder =
    !names.includes(top) &&
    folder !== undefined &&
    names.every((name) => name.startsWith(`${folder}/`));
  const files = entries.map((entry) => ({
    entry,
    path: inOneFolder ? entry.fileName.slice(folder.length + 1) : entry.fileName,
  }));
  if (!files.some((file) => file.path === top)) {
    throw new Refusal(
      `no ${top} at the top of the ${top === "game.yaml" ? "pack's" : "zip's"} folder`,
    );
  }
  return files;
}

/** Writes one entry's bytes to `target` as they are inflated, with their hash and count. */
async function unpackEntry(
  file: ZipFile,
  entry: Entry,
  name: string,
  target: string,
): Promise<UnpackedFile> {
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash("sha256");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    const bytes = await openEntry(file, entry);
    // yauzl's stream fails as soon as an entry passes its declared size.
    await pipeline(bytes, count, createWriteStream(target, { flags: "wx" }));
  } catch (error) {
    if (systemError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Refusal(`${JSON.stringify(entry.fileName)} cannot be unpacked (${reason})`);
  }
  return { path: name, hash: hash.digest("hex"), size };
}

function openEntry(file: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    file.openReadStream(entry, (error, stream) => {
      if (error) reject(error);
      else resolve(stream);
    });
  });
}

/** What a zip tool adds that is no part of the pack: macOS's resource forks, hidden files. */
function skipped(name: string): boolean {
  return name.split("/").some((part) => part === "__MACOSX" || part.startsWith("."));
}

/** A failure of the file system (it has a `syscall`), as Node reports it. */
function systemError(error: unknown): boolean {
  return error instanceof Error && "syscall" in error;
}

/** A name within the folder that every file system takes: no part longer than 255 bytes. */
function safe(name: string): boolean {
  return (
    Buffer.byteLength(name) <= 1024 &&
    !name.startsWith("/") &&
    !name.includes("\\") &&
    !/^[a-zA-Z]:/.test(name) &&
    name
      .split("/")
      .every(
        (part) => part !== "" && part !== "." && part !== ".." && Buffer.byteLength(part) <= 255,
      )
  );
}
