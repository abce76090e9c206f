import { parentPort } from "node:worker_threads";
import { compileInkFile } from "../content/ink-file";

/** A compile call to the studio's ink thread (packs/ink-compiler.ts), and its answer. */
export type CompileCall = { id: number; file: string; text: string };

if (parentPort) {
  const port = parentPort;
  port.on("message", ({ id, file, text }: CompileCall) => {
    port.postMessage({ id, problems: compileInkFile(file, text).problems });
  });
}
