import { parentPort, workerData } from "node:worker_threads";
import { lowerThisThread } from "../lib/thread-priority";
import { unpackZip } from "./zip-unpack";

/** What the unzip thread is started with (packs/pack-archive.ts): the zip and where to unpack. */
export type UnzipJob = { zip: string; dir: string };

if (parentPort) {
  const port = parentPort;
  // An import can wait a little; the answers of players on the main thread cannot.
  lowerThisThread(10);
  const job = workerData as UnzipJob;
  void unpackZip(job.zip, job.dir).then((unpacked) => port.postMessage(unpacked));
}
