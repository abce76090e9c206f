/**
 * Lighthouse (mobile, its default: a mid-range phone on slow 4G, simulated) on the login and on
 * the signed-in home, against the production server: builds what is stale, starts the compiled
 * server with the demo pack and a fresh SQLite file, and runs each page in a Chromium of its
 * own with a fresh profile, so that nothing is cached and no service worker answers. For home,
 * a player signed up anonymously through the API and its token is written into the profile's
 * localStorage (on /webapp/config.json, which registers no service worker) before the run.
 * Prints each run's scores and the medians (a run Lighthouse could not measure, NO_NAVSTART and
 * the like, named and left out); failed accessibility audits by name.
 *
 *   npm run bench:lighthouse                 # 3 runs of each page
 *   npm run bench:lighthouse -- --runs 5
 *   npm run bench:lighthouse -- --details   # names the LCP element and what shifted
 *   npm run bench:lighthouse -- --save DIR  # keeps each run's report (JSON) in DIR
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium (Debian's).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startServer } from "../e2e/support/server";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../..");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    details: { type: "boolean", default: false },
    save: { type: "string" },
  },
});
const runs = Number(values.runs);

type Result = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failed: string[];
  /** The LCP element and the elements that shifted, as Lighthouse names them. */
  elements: string[];
  /** Why Lighthouse could not measure the run (NO_NAVSTART...): left out of the medians. */
  error?: string;
};

/** A run's scores and metrics, and their medians. */
type Metrics = Omit<Result, "failed" | "elements" | "error">;

/** One Lighthouse run of `path` in a fresh Chromium; `prepare` may set up its profile first. */
async function audit(
  origin: string,
  path: string,
  prepare?: (port: number) => Promise<void>,
): Promise<Result> {
  const profile = await mkdtemp(join(tmpdir(), "wegmarke-lighthouse-"));
  const chrome = await launch({ chromePath, chromeFlags, userDataDir: profile });
  try {
    await prepare?.(chrome.port);
    const result = await lighthouse(
      `${origin}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        // What `prepare` stored stays; the fresh profile has nothing else.
        disableStorageReset: prepare !== undefined,
      },
      undefined,
    );
    if (result === undefined) throw new Error(`lighthouse gave no result for ${path}`);
    if (values.save !== undefined) {
      const name = `${path.replaceAll("/", "_")}-${Date.now()}.json`;
      await writeFile(join(values.save, name), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const a11yRefs = categories.accessibility?.auditRefs ?? [];
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: numeric("first-contentful-paint"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      si: numeric("speed-index"),
      failed: a11yRefs
        .map((ref) => audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 1)
        .map((a) => `${a?.id}: ${a?.title}`),
      elements: [
        ...nodesOf(audits["largest-contentful-paint-element"]?.details).map((n) => `LCP: ${n}`),
        ...nodesOf(audits["layout-shifts"]?.details).map((n) => `shifted: ${n}`),
      ],
      ...(runtimeError === undefined ? {} : { error: runtimeError.code }),
    };
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true });
  }
}

/** The elements an audit's details name (their selector and snippet), depth first. */
function nodesOf(details: unknown): string[] {
  if (typeof details !== "object" || details === null) return [];
  const record = details as Record<string, unknown>;
  if (record.type === "node") return [`${String(record.selector)} ${String(record.snippet)}`];
  return Object.values(record).flatMap((value) =>
    Array.isArray(value) ? value.flatMap(nodesOf) : nodesOf(value),
  );
}

/** A new anonymous player's persisted config (web/src/session/persistence.ts). */
async function signedInConfig(origin: string): Promise<string> {
  const config = (await (await fetch(`${origin}/webapp/config.json`)).json()) as {
    storyId: string;
    apiVersion: 1 | 2;
    accountBase: string;
    gameBase: string;
  };
  const answer = await fetch(`${origin}${config.accountBase}player/optin/anon`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ story_id: config.storyId }),
  });
  if (!answer.ok) throw new Error(`anonymous sign-up: ${answer.status} ${await answer.text()}`);
  const { value: token } = (await answer.json()) as { value: string };
  return JSON.stringify({
    debug: false,
    apiVersion: config.apiVersion,
    authToken: token,
    projectId: config.storyId,
    storyId: config.storyId,
    accountBase: config.accountBase,
    gameBase: config.gameBase,
    lastEventId: null,
    language: null,
  });
}

function signIn(origin: string) {
  return async (port: number) => {
    const stored = await signedInConfig(origin);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/webapp/config.json`);
    await page.evaluate(
      (value) =>
        (
          globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
        ).localStorage.setItem("wegmarke.config", value),
      stored,
    );
    await page.close();
    await browser.disconnect();
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function line(label: string, r: Metrics): string {
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  return [
    label.padEnd(8),
    `performance ${String(r.performance).padStart(3)}`,
    `accessibility ${String(r.accessibility).padStart(3)}`,
    `FCP ${ms(r.fcp)}`,
    `LCP ${ms(r.lcp)}`,
    `TBT ${ms(r.tbt)}`,
    `SI ${ms(r.si)}`,
    `CLS ${r.cls.toFixed(3)}`,
  ].join("  ");
}

const build = spawnSync(process.execPath, [join(repoRoot, "scripts/build.mjs")], {
  stdio: "inherit",
});
if (build.status !== 0) throw new Error("node scripts/build.mjs failed");

const server = await startServer();
try {
  const pages = [
    { name: "/webapp/login", path: "/webapp/login", prepare: undefined },
    { name: "/webapp/ signed in", path: "/webapp/", prepare: signIn(server.url) },
  ];
  for (const { name, path, prepare } of pages) {
    console.log(`${name} (Lighthouse ${lighthouseVersion()}, mobile, ${runs} runs)`);
    const results: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await audit(server.url, path, prepare);
      if (result.error !== undefined) {
        console.log(`run ${run}     not measured: ${result.error}`);
        continue;
      }
      results.push(result);
      console.log(line(`run ${run}`, result));
      for (const failed of result.failed) console.log(`          accessibility: ${failed}`);
      if (values.details)
        for (const element of result.elements) console.log(`          ${element}`);
    }
    const keys = ["performance", "accessibility", "fcp", "lcp", "tbt", "cls", "si"] as const;
    const medians = Object.fromEntries(
      keys.map((key) => [key, median(results.map((r) => r[key]))]),
    ) as Metrics;
    console.log(line("median", medians));
  }
} finally {
  await server.stop();
}

function lighthouseVersion(): string {
  return (
    spawnSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], {
      cwd: repoRoot,
      encoding: "utf8",
    }).stdout.trim() || "?"
  );
}
