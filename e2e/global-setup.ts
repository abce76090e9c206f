import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The browser tests run what production runs: the compiled server and the built apps, fresh. */
export default function setup(): void {
  const build = fileURLToPath(new URL("../scripts/build.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [build], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("node scripts/build.mjs failed");
}
