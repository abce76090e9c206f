import { isMediaFile } from "@wegmarke/protocol";
import { zipSync } from "fflate";
import type { Zippable } from "fflate";
import { moduleWorker } from "../lib/module-worker";
import type { UnzipJob } from "./unzip-worker";
import type { Unpacked } from "./zip-unpack";

/** A file to zip. */
export type ArchiveFile = { path: string; bytes: Uint8Array };

/**
 * A zip of the pack's folder, under one folder named `folder`, as an organiser keeps it. Media
 * are stored as they are (they are compressed already), the texts deflated.
 */
export function zipPack(folder: string, files: ArchiveFile[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    entries[`${folder}/${file.path}`] = [file.bytes, { level: isMediaFile(file.path) ? 0 : 6 }];
  }
  return zipSync(entries);
}

/**
 * Unpacks the pack folder zipped in the file `zip` into the folder `dir` (zip-unpack.ts) on a
 * thread of its own, started for it and ended after: the main thread only waits. The folder
 * has `top` at its top (a game's zip its manifest). The files unpacked, or the problems that
 * refuse the zip.
 */
export function unzipPack(zip: string, dir: string, top = "game.yaml"): Promise<Unpacked> {
  const job: UnzipJob = { zip, dir, top };
  const worker = moduleWorker("unzip-worker", import.meta.url, job);
  return new Promise<Unpacked>((resolve, reject) => {
    worker.once("message", (unpacked: Unpacked) => resolve(unpacked));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the unzip thread ended (${code})`)));
  }).finally(() => void worker.terminate());
}
