import { readFileSync, readlinkSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { moduleWorker } from "./module-worker";

/** A thread's nice value: field 19 of `/proc/self/task/<tid>/stat`. */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  // The command name may hold spaces: count the fields from its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

const threadId = () => Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);

describe.runIf(process.platform === "linux")("lowering a thread's priority", () => {
  it("lowers the worker thread that asks, and leaves the server's main thread as it was", async () => {
    const before = niceOf(threadId());
    const worker = moduleWorker("../../test/support/lowered-thread", import.meta.url);
    const { lowered, tid } = await new Promise<{ lowered: boolean; tid: number }>(
      (resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      },
    );
    expect(lowered).toBe(true);
    expect(tid).not.toBe(threadId());
    expect(niceOf(tid)).toBe(10);
    expect(niceOf(threadId())).toBe(before);
    worker.postMessage("done");
    await worker.terminate();
  });
});
