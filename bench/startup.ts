/**
 * Start-up and idle memory of the server as an operator starts it: runs a command (by default
 * `npm start`) from the repository root with a fresh SQLite file on a free port, times the first
 * 200 of `/healthz`, waits until the server is idle, and sums the resident memory of the
 * command's whole process tree as `ps` lists it. Then stops the tree with SIGTERM.
 *
 *   npm run bench:startup                          # npm start, 3 runs
 *   npm run bench:startup -- --runs 5 -- node --import tsx server/src/main.ts
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../e2e/support/server";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    idle: { type: "string", default: "5" },
  },
  allowPositionals: true,
});
const [program = "npm", ...programArgs] = positionals.length > 0 ? positionals : ["npm", "start"];
const command = [program, ...programArgs];
const runs = Number(values.runs);
const idleMs = Number(values.idle) * 1000;

type Proc = { pid: number; ppid: number; rssKb: number; args: string };

/** Every process of the tree under `root`, root included, as `ps` sees it now. */
function processTree(root: number): Proc[] {
  const lines = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss=,args="], { encoding: "utf8" });
  const all = lines
    .trim()
    .split("\n")
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), args: args.join(" ") };
    });
  const tree = all.filter((p) => p.pid === root);
  for (const parent of tree) tree.push(...all.filter((p) => p.ppid === parent.pid));
  return tree;
}

async function once(): Promise<{ ms: number; tree: Proc[] }> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-startup-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(program, programArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "wegmarke.sqlite")}`,
      // A fresh install: the pack's files are stored and written out as its first version.
      PACK_CACHE_DIR: join(dir, "packs"),
      LOG_FORMAT: "json",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${command.join(" ")} did not start`);
  try {
    let ms: number | undefined;
    while (ms === undefined) {
      if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited early`);
      if (performance.now() - started > 120_000) throw new Error("no /healthz after 120 s");
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.status === 200) ms = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (ms === undefined) await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, idleMs));
    return { ms, tree: processTree(pid) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    // The whole group: npm and whatever it started.
    if (child.exitCode === null) process.kill(-pid, "SIGTERM");
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
console.log(`command: ${command.join(" ")} (${runs} runs, RSS after ${idleMs / 1000} s idle)`);
for (let run = 1; run <= runs; run++) {
  const { ms, tree } = await once();
  const total = tree.reduce((sum, p) => sum + p.rssKb, 0);
  console.log(
    `run ${run}: first 200 of /healthz after ${Math.round(ms)} ms; tree RSS ${mb(total)}`,
  );
  for (const p of tree)
    console.log(
      `  ${String(p.pid).padStart(7)} ${mb(p.rssKb).padStart(9)}  ${p.args.slice(0, 110)}`,
    );
}
