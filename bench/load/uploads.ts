/**
 * The uploads scenario (issue 27): answers flow at `--rate` over every open stream while
 * `--uploads` other players each send a photo of `--upload-kb` for a mission within the
 * measurement, in the app's pieces of 256 KB (tus). Judged on the whole measurement: no reply
 * lost, p99 within the budget, every photo a submission, and the server's memory grown by less
 * than `--max-growth-mb` (resident, after a full GC where the servers have the hook).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { OpsClient } from "./ops-client";
import { childPids, clockTicks, cpuTicks, pssKb } from "./proc";
import { zipPack } from "./pack-zip";
import { fmt, printStep, total } from "./report";
import { measure, printRss, setUp } from "./scenarios";
import type { Context, Outcome } from "./scenarios";
import { percentile } from "./stats";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const MISSION_STATION = 16;
const PIECE = 256 * 1024;

/** The demo pack with a station whose character asks for a photo a host judges, as a zip. */
async function missionPack(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "bench-pack-"));
  try {
    await cp(join(repoRoot, "content/demo"), dir, { recursive: true });
    const station = join(dir, "stations", `${MISSION_STATION}-brunnen`);
    await cp(join(dir, "stations/1-marktplatz"), station, { recursive: true });
    const yaml = await readFile(join(station, "station.yaml"), "utf8");
    await writeFile(
      join(station, "station.yaml"),
      yaml
        .replace(/^id: \d+$/m, `id: ${MISSION_STATION}`)
        .replace(/^name: .*$/m, "name: brunnen")
        .replace(/title: (.*)$/gm, "title: $1 (Brunnen)"),
    );
    const script = `VAR points = 0\nZeig mir den Drachen am Brunnen!\n+ [Der Drache #photo #points: 3]\n    Genau der!\n- -> END\n`;
    for (const file of await readdir(station)) {
      if (file.startsWith("script.")) await writeFile(join(station, file), script);
    }
    return await zipPack(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A camera's photo of about `kb` KB: fine grain, so that its JPEG is as heavy as a real one. */
async function photoOf(kb: number): Promise<Buffer> {
  const raw = await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: "#7a8",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let best = Buffer.alloc(0);
  for (let quality = 100; quality >= 30; quality -= 1) {
    best = await sharp(raw.data, { raw: raw.info }).jpeg({ quality }).toBuffer();
    if (best.length <= kb * 1024) break;
  }
  return best;
}

type Upload = { ok: boolean; ms: number; status: string };

/** One player's photo: sign-up, the mission's station, the upload in pieces. */
async function upload(base: string, photo: Buffer): Promise<Upload> {
  const started = performance.now();
  const fail = (status: string) => ({ ok: false, ms: performance.now() - started, status });
  const json = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  try {
    const signup = await json("/api/account/player/optin/anon", { story_id: "marburg" });
    if (!signup.ok) return fail(`optin ${signup.status}`);
    const hash = ((await signup.json()) as { value: string }).value;
    const activated = await json("/api/game/station/activate", {
      StationID: MISSION_STATION,
      Hash: hash,
    });
    if (!activated.ok) return fail(`activate ${activated.status}`);
    const headers = { "tus-resumable": "1.0.0", authorization: `Bearer ${hash}` };
    const meta = `station ${btoa(String(MISSION_STATION))},kind ${btoa("photo")}`;
    const created = await fetch(`${base}/api/game/uploads`, {
      method: "POST",
      headers: { ...headers, "upload-length": String(photo.length), "upload-metadata": meta },
    });
    const location = created.headers.get("location");
    if (created.status !== 201 || location === null) return fail(`create ${created.status}`);
    let last: Response | undefined;
    for (let offset = 0; offset < photo.length; offset += PIECE) {
      last = await fetch(new URL(location, base), {
        method: "PATCH",
        headers: {
          ...headers,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        body: photo.subarray(offset, offset + PIECE),
      });
      if (last.status !== 204) return fail(`piece ${last.status}: ${await last.text()}`);
    }
    const submission = Number(last?.headers.get("wegmarke-submission") ?? 0);
    return submission > 0
      ? { ok: true, ms: performance.now() - started, status: "204" }
      : fail("no submission");
  } catch (error) {
    return fail(String(error));
  }
}

/**
 * The processes the servers start while the photos arrive: each one's peak proportional memory
 * (PSS: what it adds beside the server, whose binary and libraries it shares; summed per server) and their CPU time, read every 250 ms.
 */
class HelperWatch {
  private readonly peakKb: number[];
  private readonly ticks = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: (number | undefined)[]) {
    this.peakKb = pids.map(() => 0);
    this.timer = setInterval(() => this.read(), 250);
  }

  private read(): void {
    this.pids.forEach((pid, i) => {
      let kb = 0;
      for (const child of childPids(pid)) {
        kb += pssKb(child) ?? 0;
        const ticks = cpuTicks(child);
        if (ticks !== undefined) this.ticks.set(child, ticks);
      }
      this.peakKb[i] = Math.max(this.peakKb[i] ?? 0, kb);
    });
  }

  stop(): { peakKb: number[]; ticks: number } {
    this.read();
    clearInterval(this.timer);
    return { peakKb: this.peakKb, ticks: [...this.ticks.values()].reduce((a, b) => a + b, 0) };
  }
}

export async function uploadsScenario(ctx: Context): Promise<Outcome> {
  const { options, report, servers } = ctx;
  const token = servers.operatorToken;
  if (token === undefined)
    throw new Error("the uploads scenario needs the server's OPERATOR_TOKEN");
  const client = new OpsClient(servers.posts, token, options.requestTimeout * 1000);
  try {
    // The mission's station goes live first, on every instance.
    const imported = await client.call("POST", "/api/ops/pack/import", undefined, {
      type: "application/zip",
      bytes: await missionPack(),
    });
    const id = (JSON.parse(imported.body) as { version?: { id?: number } }).version?.id;
    const released =
      id === undefined
        ? undefined
        : await client.call("POST", `/api/ops/pack/versions/${id}/release`, {});
    if (released?.status !== 200)
      throw new Error(`the mission's pack: ${imported.body.slice(0, 200)}`);
    const photo = await photoOf(options.uploadKb);
    report.figure(
      "uploads.photo",
      "photo sent by each player",
      fmt.mb(photo.length / 1024),
      photo.length,
    );

    const ready = await setUp(ctx, true);
    const players = ready.reduce((sum, n) => sum + n, 0);
    if (options.warmup > 0) await measure(ctx, -1, options.rate, ready, options.warmup);
    const before = await printRss(ctx, "uploads.rssBefore", "before the uploads");
    report.say(
      `-- measurement: ${options.rate} answers/s for ${options.duration} s, ` +
        `${options.uploads} photos of ${fmt.mb(photo.length / 1024)} sent within it --`,
    );
    const base = `http://${servers.posts.host}:${servers.posts.port}`;
    // Spread evenly over the measurement's first 90 %: each finishes within it.
    const spacing = (options.duration * 900) / Math.max(1, options.uploads);
    const uploading = Promise.all(
      Array.from({ length: options.uploads }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * spacing));
        return upload(base, photo);
      }),
    );
    const helpers = new HelperWatch(servers.instances.map((s) => s.pid));
    const step = await measure(ctx, 0, options.rate, ready);
    const uploads = await uploading;
    const helped = helpers.stop();
    printStep(
      report,
      "measure",
      step,
      servers.instances.map((s) => s.name),
    );
    const after = await printRss(ctx, "uploads.rssAfter", "after the uploads");
    // The photos' processes (missions/photo-process.ts) are the server's too: their peak counts.
    const growthKb = Math.max(
      ...after.map((kb, i) => (kb ?? 0) - (before[i] ?? 0) + (helped.peakKb[i] ?? 0)),
    );
    report.figure(
      "uploads.helperRss",
      "photo process PSS, peak",
      fmt.mb(Math.max(0, ...helped.peakKb)),
      Math.max(0, ...helped.peakKb),
    );
    const helperCpu = (100 * helped.ticks) / clockTicks / step.windowS;
    report.figure(
      "uploads.helperCpu",
      "photo process CPU",
      `${helperCpu.toFixed(1)} % of one core`,
      helperCpu,
    );
    const done = uploads.filter((u) => u.ok);
    const times = done.map((u) => u.ms).sort((a, b) => a - b);
    report.figure(
      "uploads.done",
      "photos that became submissions",
      `${done.length} of ${uploads.length}`,
      done.length,
    );
    report.figure(
      "uploads.p50",
      "one photo, sign-up to submission, median",
      fmt.ms(percentile(times, 50)),
      percentile(times, 50),
    );
    report.figure(
      "uploads.p99",
      "one photo, sign-up to submission, p99",
      fmt.ms(percentile(times, 99)),
      percentile(times, 99),
    );
    report.figure(
      "uploads.growth",
      "server RSS grown by, its photo process's peak PSS included",
      fmt.mb(growthKb),
      growthKb,
    );
    const failures = uploads.filter((u) => !u.ok).map((u) => u.status);
    if (failures.length > 0)
      report.say(`   failed uploads: ${[...new Set(failures)].slice(0, 5).join("; ")}`);
    const budget = options.p99 ?? 50;
    const ok =
      players === options.streams &&
      done.length === options.uploads &&
      step.missing === 0 &&
      total(step.errors) === 0 &&
      step.latency.p99 <= budget &&
      growthKb < options.maxGrowthMb * 1024;
    const text =
      `${players} of ${options.streams} players ready, ${done.length} of ${options.uploads} photos in, ` +
      `p99 ${fmt.ms(step.latency.p99)} (budget ${budget} ms), ${step.missing} missing, ` +
      `${total(step.errors)} errors, memory +${fmt.mb(growthKb)} (budget ${options.maxGrowthMb} MB), ` +
      `${step.achieved.toFixed(1)}/s of ${step.rate}/s`;
    return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
  } finally {
    client.close();
  }
}
