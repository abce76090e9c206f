/**
 * The server's memory and its answers while the studio sends it large files: for each scenario a
 * fresh compiled server (`server/dist/main.js` below `--root`, built by `npm run build --
 * server`) on 127.0.0.1 with a fresh SQLite file and OPERATOR_TOKEN, the scenario's calls, and
 * then the process's peak resident memory (VmHWM of /proc/<pid>/status, worker threads
 * included) beside its peak after start-up. While each call runs, `/healthz` is asked one call
 * after another; the slowest answer is printed.
 *
 *   npx tsx bench/pack-uploads.ts                  # this checkout
 *   npx tsx bench/pack-uploads.ts --root ../other  # another checkout's build, to compare
 *   npx tsx bench/pack-uploads.ts --only claim     # one scenario
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { freePort, SERVER_NODE_FLAGS } from "../e2e/support/server";
import { claimingZip } from "../server/test/support/hand-zip";

const here = resolve(fileURLToPath(import.meta.url), "../..");
const { values } = parseArgs({
  options: { root: { type: "string", default: here }, only: { type: "string" } },
});
const root = resolve(values.root ?? here);
const TOKEN = "bench-pack-uploads-token-".padEnd(48, "b");
const MB = 1024 * 1024;

/** A video's bytes as the app takes them: `size` bytes that start as an MP4 does. */
function video(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.write("ftypisom", 4, "latin1");
  return bytes;
}

/** A zip of the demo pack below `pack/` with `extra`'s files, written by fflate's stream. */
async function packZip(extra: { name: string; size: number; deflate: boolean }[]): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, part) => {
    if (error) throw error;
    parts.push(part);
  });
  const demo = join(root, "content/demo");
  for (const entry of await readdir(demo, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const stream = new ZipPassThrough(`pack/${relative(demo, file).split(sep).join("/")}`);
    zip.add(stream);
    stream.push(await readFile(file), true);
  }
  for (const file of extra) {
    const stream = file.deflate
      ? new ZipDeflate(file.name, { level: 9 })
      : new ZipPassThrough(file.name);
    zip.add(stream);
    const block = file.deflate ? Buffer.alloc(MB) : video(MB);
    for (let done = 0; done < file.size; done += MB) stream.push(block, done + MB >= file.size);
  }
  zip.end();
  return Buffer.concat(parts);
}

type Server = { url: string; pid: number; stop(): Promise<void> };

async function start(): Promise<Server> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-uploads-"));
  const port = await freePort();
  const child = spawn("node", [...SERVER_NODE_FLAGS, join(root, "server/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      CONTENT_DIR: join(root, "content/demo"),
      OPERATOR_TOKEN: TOKEN,
      LOG_FORMAT: "json",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited early");
    if (Date.now() - started > 60_000) throw new Error("no /healthz after 60 s");
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((done) => child.once("exit", done));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The process's peak resident memory so far, in MB. */
async function peakMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
}

/** Runs `calls` while asking `/healthz` one call after another: the slowest answer in ms. */
async function whileHealthy<T>(
  url: string,
  calls: Promise<T>,
): Promise<{ result: T; slowest: number }> {
  let running = true;
  let slowest = 0;
  const asking = (async () => {
    for (let asked = 0; running && asked < 100_000; asked++) {
      const sent = performance.now();
      await fetch(`${url}/healthz`);
      slowest = Math.max(slowest, performance.now() - sent);
      await new Promise((done) => setTimeout(done, 20));
    }
  })();
  const result = await calls.finally(() => {
    running = false;
  });
  await asking;
  return { result, slowest: Math.round(slowest) };
}

const auth = { authorization: `Bearer ${TOKEN}` };

async function call(url: string, method: string, path: string, type: string, body: Buffer) {
  const sent = performance.now();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...auth, "content-type": type },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: Math.round(performance.now() - sent),
    text: text.slice(0, 160),
  };
}

const media = (url: string, path: string, bytes: Buffer) =>
  call(url, "PUT", `/api/ops/pack/draft/media?path=${path}`, "video/mp4", bytes);
const importZip = (url: string, zip: Buffer) =>
  call(url, "POST", "/api/ops/pack/import", "application/zip", zip);

const scenarios: Record<string, () => Promise<(url: string) => Promise<unknown>>> = {
  media: async () => {
    const film = video(190 * MB);
    return (url) => media(url, "stations/1-marktplatz/film.mp4", film);
  },
  media6: async () => {
    const film = video(190 * MB);
    return (url) =>
      Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => media(url, `stations/1-marktplatz/film-${n}.mp4`, film)),
      );
  },
  import: async () => {
    const zip = await packZip([{ name: "pack/media/film.mp4", size: 190 * MB, deflate: false }]);
    console.log(`  (import: a zip of ${(zip.length / MB).toFixed(1)} MB)`);
    return (url) => importZip(url, zip);
  },
  zeros: async () => {
    const zip = await packZip([{ name: "pack/media/zeros.bin", size: 900 * MB, deflate: true }]);
    console.log(`  (zeros: a zip of ${(zip.length / MB).toFixed(1)} MB, 0.9 GB unpacked)`);
    return (url) => importZip(url, zip);
  },
  claim: async () => {
    const zip = claimingZip(60_000_000);
    return (url) => importZip(url, zip);
  },
};

console.log(`server: ${join(root, "server/dist/main.js")}`);
for (const [name, prepare] of Object.entries(scenarios)) {
  if (values.only !== undefined && values.only !== name) continue;
  const run = await prepare();
  const server = await start();
  try {
    const idle = await peakMb(server.pid);
    const sent = performance.now();
    const { result, slowest } = await whileHealthy(server.url, run(server.url));
    const ms = Math.round(performance.now() - sent);
    const peak = await peakMb(server.pid);
    console.log(
      `${name}: ${ms} ms, peak RSS ${peak} MB (after start ${idle} MB), slowest /healthz ${slowest} ms`,
    );
    console.log(`  ${JSON.stringify(result)}`);
  } finally {
    await server.stop();
  }
}
