import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");

/** Node's flags of the server in production (the root package.json's `start`). */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-semi-space-size=16"];

/** The compiled server, as `npm start` runs it; `node scripts/build.mjs server` builds it. */
export const COMPILED_SERVER = join(repoRoot, "server/dist/main.js");

export type RunningServer = {
  url: string;
  /** What the server was started with on top of this process's environment (DATABASE_URL...). */
  env: Record<string, string>;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops and starts the same server on the same database and port. */
  restart(): Promise<void>;
};

/** A TCP port of 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log.join("")}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after 30 s:\n${log.join("")}`);
}

/**
 * Starts the real server as production runs it (the compiled `server/dist/main.js`, built by
 * the global setup) with the demo pack and a fresh SQLite file; `env` adds or overrides
 * variables (CONTENT_DIR, SMS_PROVIDER=outbox, ...).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const log: string[] = [];
  const serverEnv = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dir, "wegmarke.sqlite")}`,
    // The pack's versions as this server writes them; removed with the server's folder.
    PACK_CACHE_DIR: join(dir, "packs"),
    LOG_LEVEL: "warn",
    // Links in SMS (password reset) point at this server.
    PUBLIC_URL: url,
    ...env,
  };

  const launch = async () => {
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_SERVER], {
      cwd: repoRoot,
      env: { ...process.env, ...serverEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    await waitUntilReady(url, child, log);
  };

  const halt = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };

  await launch();
  return {
    url,
    env: serverEnv,
    restart: async () => {
      await halt();
      await launch();
    },
    stop: async () => {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
