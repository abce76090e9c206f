import { parentPort } from "node:worker_threads";
import { compileInkFile } from "../content/ink-file";
import { checkContentPack } from "../content/loader";
import type { PackCheck } from "../content/loader";
import type { ContentProblem } from "../content/model";
import { lowerThisThread } from "../lib/thread-priority";

/** A call to the content thread (packs/content-thread.ts), and its answer. */
export type ContentCall =
  | { id: number; kind: "compile"; file: string; text: string }
  | { id: number; kind: "check"; dir: string };

export type ContentAnswer =
  | { id: number; kind: "compile"; problems: ContentProblem[] }
  | { id: number; kind: "check"; check: PackCheck }
  | { id: number; kind: "failed"; message: string };

if (parentPort) {
  const port = parentPort;
  // A check or a compile can wait a little; the answers of players on the main thread cannot.
  lowerThisThread(10);
  port.on("message", (call: ContentCall) => {
    void answer(call).then(
      (reply) => port.postMessage(reply),
      (error: unknown) =>
        port.postMessage({
          id: call.id,
          kind: "failed",
          message: String(error),
        } satisfies ContentAnswer),
    );
  });
}

async function answer(call: ContentCall): Promise<ContentAnswer> {
  if (call.kind === "compile") {
    return {
      id: call.id,
      kind: "compile",
      problems: compileInkFile(call.file, call.text).problems,
    };
  }
  return { id: call.id, kind: "check", check: await checkContentPack(call.dir) };
}
