/**
 * What one player can do to a fresh server's uploads under way (tus, decisions/039): a fresh
 * compiled server (`server/dist/main.js` below `--root`, built by `npm run build -- server`) on
 * 127.0.0.1 with a fresh SQLite file and the test suite's mission pack; one player starts 200
 * uploads of 2 MB and sends all but a byte of each, then 2,000 more without a byte; another
 * finishes 24 uploads of a 59-megapixel photo for one mission at once while a third sends an
 * 800 × 600 photo. Prints what was written and refused, and how long the answers took.
 *
 *   npx tsx bench/upload-abuse.ts                  # this checkout
 *   npx tsx bench/upload-abuse.ts --root ../other  # another checkout's build, to compare
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { freePort } from "../e2e/support/server";
import { missionPack } from "../server/test/support/missions";

const here = resolve(fileURLToPath(import.meta.url), "../..");
const { values } = parseArgs({ options: { root: { type: "string", default: here } } });
const main = join(resolve(values.root), "server/dist/main.js");
const MB = 1024 * 1024;

const dir = await mkdtemp(join(tmpdir(), "wegmarke-upload-abuse-"));
const pack = await missionPack(dir);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [main], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dir, "data"),
    CONTENT_DIR: pack.dir,
    LOG_LEVEL: "error",
    GEOCODER_URL: "off",
    ANON_SIGNUPS_PER_HOUR: "1000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((done) => setTimeout(done, 100));
  }

  const json = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  async function player(station: number): Promise<string> {
    const signup = await json("/api/account/player/optin/anon", { story_id: "marburg" });
    const hash = ((await signup.json()) as { value: string }).value;
    await json("/api/game/station/activate", { StationID: station, Hash: hash });
    return hash;
  }
  const headers = (hash: string) => ({
    "tus-resumable": "1.0.0",
    authorization: `Bearer ${hash}`,
  });
  const meta = `station ${btoa("11")},kind ${btoa("photo")}`;
  async function create(hash: string, size: number) {
    const r = await fetch(`${base}/api/game/uploads`, {
      method: "POST",
      headers: { ...headers(hash), "upload-length": String(size), "upload-metadata": meta },
    });
    await r.text();
    return { status: r.status, location: r.headers.get("location") };
  }
  async function patch(hash: string, location: string, bytes: Uint8Array, offset: number) {
    const r = await fetch(new URL(location, base), {
      method: "PATCH",
      headers: {
        ...headers(hash),
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
      },
      body: bytes,
    });
    return { status: r.status, text: (await r.text()).trim() };
  }

  // A: 200 unfinished uploads of 2 MB, then 2,000 empty ones, by one player.
  const attacker = await player(11);
  const piece = Buffer.alloc(2 * MB - 1, 7);
  let written = 0;
  let t = performance.now();
  const refusals = new Map<string, number>();
  for (let i = 0; i < 200; i++) {
    const c = await create(attacker, 2 * MB);
    if (c.status !== 201 || !c.location) {
      refusals.set(String(c.status), (refusals.get(String(c.status)) ?? 0) + 1);
      continue;
    }
    const p = await patch(attacker, c.location, piece, 0);
    if (p.status === 204) written += piece.length;
  }
  console.log(
    `A1 200 unfinished 2 MB uploads: ${(written / MB).toFixed(1)} MB written in ${((performance.now() - t) / 1000).toFixed(1)} s; refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
  );
  t = performance.now();
  let empty = 0;
  refusals.clear();
  for (let i = 0; i < 2000; i++) {
    const c = await create(attacker, 2 * MB);
    if (c.status === 201) empty += 1;
    else refusals.set(String(c.status), (refusals.get(String(c.status)) ?? 0) + 1);
  }
  console.log(
    `A2 2,000 empty creations: ${empty} made in ${((performance.now() - t) / 1000).toFixed(1)} s; refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
  );
  const du = execFileSync("du", ["-sm", join(dir, "data", "uploads")]).toString();
  console.log(`A3 upload folder: ${du.split("\t")[0]} MB on disk`);

  // B: 24 finishes of a 59 MP photo for one mission at once, another player's 800×600 beside.
  const big = await sharp({
    create: {
      width: 8858,
      height: 6644,
      channels: 3,
      background: "#3a7",
      noise: { type: "gaussian", mean: 120, sigma: 12 },
    },
  })
    .jpeg({ quality: 50 })
    .toBuffer();
  const small = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#a37" },
  })
    .jpeg()
    .toBuffer();
  const flooder = await player(11);
  const other = await player(11);
  const locations: string[] = [];
  let created = 0;
  for (let i = 0; i < 24; i++) {
    const c = await create(flooder, big.length);
    if (c.status === 201 && c.location) {
      created += 1;
      await patch(flooder, c.location, big.subarray(0, big.length - 1), 0);
      locations.push(c.location);
    }
  }
  t = performance.now();
  const finishes = locations.map(async (location) => {
    const p = await patch(flooder, location, big.subarray(big.length - 1), big.length - 1);
    return { ...p, ms: performance.now() - t };
  });
  const otherDone = (async () => {
    const c = await create(other, small.length);
    const p = await patch(other, c.location ?? "", small, 0);
    return { ...p, ms: performance.now() - t };
  })();
  const answers = await Promise.all(finishes);
  const mine = await otherDone;
  const byStatus = new Map<string, number[]>();
  for (const a of answers) {
    const key = `${a.status} ${a.text}`;
    byStatus.set(key, [...(byStatus.get(key) ?? []), a.ms]);
  }
  console.log(
    `B1 ${created} of 24 uploads of a 59 MP photo (${(big.length / 1024).toFixed(0)} KB) created; finished at once:`,
  );
  for (const [key, ms] of byStatus) {
    console.log(
      `   ${ms.length} × "${key}" answered within ${(Math.min(...ms) / 1000).toFixed(2)}–${(Math.max(...ms) / 1000).toFixed(2)} s`,
    );
  }
  console.log(
    `B2 another player's 800×600 photo: ${mine.status} "${mine.text}" after ${(mine.ms / 1000).toFixed(2)} s`,
  );
} finally {
  child.kill("SIGTERM");
  await new Promise((done) => child.once("exit", done));
  await rm(dir, { recursive: true, force: true });
}
