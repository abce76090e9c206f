import { fork } from "node:child_process";
import type { ChildProcess } from "node:child_process";

/**
 * A child process running the module `name` beside the caller's module (`from`, its
 * `import.meta.url`), as `moduleWorker` starts a thread: `name.ts` from the TypeScript sources
 * (with tsx's loader), `name.js` once built. Messages go by structured clone, so buffers pass
 * as they are. `nodeFlags` and `env` are the child's own, beside what this process has.
 */
export function moduleProcess(
  name: string,
  from: string,
  options: { nodeFlags?: string[]; env?: Record<string, string> } = {},
): ChildProcess {
  const typescript = from.endsWith(".ts");
  const file = new URL(`./${name}${typescript ? ".ts" : ".js"}`, from);
  return fork(file, {
    serialization: "advanced",
    execArgv: [
      ...(options.nodeFlags ?? []),
      ...(typescript ? ["--import", import.meta.resolve("tsx")] : []),
    ],
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}
