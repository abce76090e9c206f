/**
 * The publish scenario: answers flow at `--rate` over every open stream while an author makes a
 * pack of `--stations` stations live (a zip imported, then released on every instance, as the
 * console's "Versionen" does), then changes its game.yaml in the studio's draft and publishes
 * that (as the studio's "Veröffentlichen" does). Judged on the whole measurement: no reply
 * lost, p99 within the budget, the studio's version live.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OpsClient } from "./ops-client";
import { zipPack } from "./pack-zip";
import { fmt, printStep, total } from "./report";
import { measure, setUp } from "./scenarios";
import type { Context, Outcome } from "./scenarios";

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/**
 * The demo pack grown to `stations` stations: copies of station 1 (its riddle) with numbers of
 * their own, spread over the upper town; as a zip of the folder.
 */
async function bigPack(stations: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "bench-pack-"));
  try {
    await cp(join(repoRoot, "content/demo"), dir, { recursive: true });
    const present = (await readdir(join(dir, "stations"))).length;
    const source = join(dir, "stations/1-marktplatz");
    const yaml = await readFile(join(source, "station.yaml"), "utf8");
    for (let n = 0; n < stations - present; n++) {
      const id = 100 + n;
      const folder = join(dir, "stations", `${id}-kopie-${id}`);
      await cp(source, folder, { recursive: true });
      const copy = yaml
        .replace(/^id: \d+$/m, `id: ${id}`)
        .replace(/^name: .*$/m, `name: kopie-${id}`)
        .replace(/^latitude: .*$/m, `latitude: ${(50.805 + (n % 10) * 0.001).toFixed(5)}`)
        .replace(
          /^longitude: .*$/m,
          `longitude: ${(8.765 + Math.floor(n / 10) * 0.001).toFixed(5)}`,
        )
        .replace(/title: (.*)$/gm, `title: $1 ${id}`);
      await writeFile(join(folder, "station.yaml"), copy);
    }
    return await zipPack(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function publishScenario(ctx: Context): Promise<Outcome> {
  const { options, report, servers } = ctx;
  const token = servers.operatorToken;
  if (token === undefined) {
    throw new Error("the publish scenario needs the running server's OPERATOR_TOKEN");
  }
  const client = new OpsClient(servers.posts, token, options.requestTimeout * 1000);
  try {
    const zip = await bigPack(options.stations);
    report.figure(
      "publish.zip",
      `pack of ${options.stations} stations (zip)`,
      fmt.mb(zip.length / 1024),
      zip.length,
    );
    const ready = await setUp(ctx, true);
    // Every player asked for has an open stream and the riddle station started, or it fails.
    const players = ready.reduce((sum, n) => sum + n, 0);
    if (options.warmup > 0) await measure(ctx, -1, options.rate, ready, options.warmup);
    // The import stores the version (its check runs on the server); the release makes it live.
    const atS = options.duration / 3;
    report.say(
      `-- measurement: ${options.rate} answers/s for ${options.duration} s, ` +
        `a ${options.stations}-station pack imported and published after ${atS.toFixed(1)} s --`,
    );
    const publishing = (async (): Promise<Published> => {
      await new Promise((r) => setTimeout(r, atS * 1000));
      const imported = await client.call("POST", "/api/ops/pack/import", undefined, {
        type: "application/zip",
        bytes: zip,
      });
      const id = versionIdOf(imported.body);
      if (imported.status !== 200 || id === undefined) {
        return {
          ok: false,
          text: `import answered ${imported.status}: ${imported.body.slice(0, 200)}`,
        };
      }
      const released = await client.call("POST", `/api/ops/pack/versions/${id}/release`, {});
      if (released.status !== 200) {
        return { ok: false, text: `release answered ${released.status}` };
      }
      const studio = await draftPublish(client);
      if (!studio.ok) return studio;
      return {
        ...studio,
        importMs: imported.answeredAt - imported.sentAt,
        releaseMs: released.answeredAt - released.sentAt,
      };
    })();
    const step = await measure(ctx, 0, options.rate, ready);
    const published = await publishing;
    printStep(
      report,
      "measure",
      step,
      servers.instances.map((s) => s.name),
    );
    if (published.ok) {
      report.figure(
        "publish.importMs",
        "import answered after",
        fmt.ms(published.importMs),
        published.importMs,
      );
      report.figure(
        "publish.releaseMs",
        "release answered after",
        fmt.ms(published.releaseMs),
        published.releaseMs,
      );
      report.figure(
        "publish.draftMs",
        "the studio's publish answered after",
        fmt.ms(published.draftMs),
        published.draftMs,
      );
    }
    // Every instance runs the new version.
    const live = await Promise.all(
      servers.instances.map(async (server) => {
        const other = new OpsClient(server, token, options.requestTimeout * 1000);
        try {
          const answer = await other.call("GET", "/api/ops/pack/versions");
          return liveIdOf(answer.body);
        } finally {
          other.close();
        }
      }),
    );
    report.figure("publish.live", "live version per instance", live.join(", "), live);
    const budget = options.p99 ?? 50;
    const allLive = published.ok && live.every((id) => id === published.id);
    const ok =
      players === options.streams &&
      allLive &&
      step.missing === 0 &&
      total(step.errors) === 0 &&
      step.latency.p99 <= budget;
    const text =
      `${players} of ${options.streams} players ready, ` +
      `${published.ok ? `version ${published.id} live on ${live.filter((id) => id === published.id).length} of ${live.length}` : published.text}, ` +
      `p99 ${fmt.ms(step.latency.p99)} (budget ${budget} ms), ${step.missing} missing, ` +
      `${total(step.errors)} errors, ${step.achieved.toFixed(1)}/s of ${step.rate}/s`;
    return { ok, verdict: `${ok ? "PASS" : "FAIL"}: ${text}` };
  } finally {
    client.close();
  }
}

/** What the author's calls came to: the studio's version and each call's time, or why not. */
type Published =
  | { ok: false; text: string }
  | { ok: true; id: number; importMs: number; releaseMs: number; draftMs: number };

/**
 * The studio's way: the draft's game.yaml retitled (a save over the hash it replaces), then
 * published; the time is the publish call's alone.
 */
async function draftPublish(
  client: OpsClient,
): Promise<{ ok: true; id: number; draftMs: number } | { ok: false; text: string }> {
  const file = await client.call("GET", "/api/ops/pack/draft/file?path=game.yaml");
  const game = draftTextOf(file.body);
  if (file.status !== 200 || game === undefined) {
    return { ok: false, text: `the draft's game.yaml answered ${file.status}` };
  }
  const text = game.text.replace(/^(\s+de: )(.*)$/m, "$1$2 (Studio)");
  const saved = await client.call("PUT", "/api/ops/pack/draft/file", {
    path: "game.yaml",
    text,
    replaces: game.hash,
  });
  if (saved.status !== 200) return { ok: false, text: `the draft's save answered ${saved.status}` };
  const published = await client.call("POST", "/api/ops/pack/draft/publish", {});
  const id = versionIdOf(published.body);
  if (published.status !== 200 || id === undefined) {
    return {
      ok: false,
      text: `the studio's publish answered ${published.status}: ${published.body.slice(0, 200)}`,
    };
  }
  return { ok: true, id, draftMs: published.answeredAt - published.sentAt };
}

function draftTextOf(body: string): { text: string; hash: string } | undefined {
  try {
    const { text, hash } = JSON.parse(body) as { text?: unknown; hash?: unknown };
    return typeof text === "string" && typeof hash === "string" ? { text, hash } : undefined;
  } catch {
    return undefined;
  }
}

function versionIdOf(body: string): number | undefined {
  try {
    const id = (JSON.parse(body) as { version?: { id?: unknown } }).version?.id;
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}

function liveIdOf(body: string): number | undefined {
  try {
    const { versions } = JSON.parse(body) as { versions?: { id: number; live: boolean }[] };
    return versions?.find((version) => version.live)?.id;
  } catch {
    return undefined;
  }
}
