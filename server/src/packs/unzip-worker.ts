import { parentPort, workerData } from "node:worker_threads";
import { lowerThisThread } from "../lib/thread-priority";
import { unpackZip } from "./zip-unpack";

/**
 * What the unzip thread is started with (packs/pack-archive.ts): the zip, where to unpack, the
 * file at the top of its folder.
 */
export type UnzipJob = { zip: string; dir: string; top?: string };

if (parentPort) {
  const port = parentPort;
  // An import can wait a little; the answers of players on the main thread cannot.
  lowerThisThread(10);
  const job = workerData as UnzipJob;
  void unpackZip(job.zip, job.dir, job.top).then((unpacked) => port.postMessage(unpacked));
}
