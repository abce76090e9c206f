// npm run size: the JavaScript /webapp/ loads before anything else, gzipped, against its budget.
// It reads the web build's manifest (web/dist/.vite/manifest.json; `npm run size` builds the
// app first when its sources changed), takes the entry of index.html and every chunk it imports
// statically (the browser loads them all at once: index.html preloads them), gzips each at
// level 9 as the build's .gz copies are, and fails when the sum passes the budget. It prints
// each chunk with its largest modules (their share of the chunk before minification, from
// web/dist/.vite/chunk-modules.json), and, not counted in the budget, what the first screens
// (the login, and home signed in) load on demand on top: the texts, zod, their routes' code.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** Bytes of gzip; kB here are 1000 bytes, as Vite prints them. */
const BUDGET = 100_000;

const dist = fileURLToPath(new URL("../web/dist/", import.meta.url));
const manifestFile = join(dist, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`size: ${manifestFile} missing: build the web app first (npm run build)`);
  process.exit(2);
}

/** @typedef {{ file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }} Chunk */
/** @type {Record<string, Chunk>} */
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
/** @type {Record<string, Record<string, number>>} */
const modulesByFile = existsSync(join(dist, ".vite/chunk-modules.json"))
  ? JSON.parse(readFileSync(join(dist, ".vite/chunk-modules.json"), "utf8"))
  : {};

/**
 * The manifest keys of `keys` and every chunk they import statically, imports first.
 * @param {string[]} keys
 * @param {Set<string>} [seen]
 */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`size: ${key} is not in the manifest`);
    closure(chunk.imports ?? [], seen);
    seen.add(key);
  }
  return seen;
}

/** @param {string} file */
function gzipped(file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** @param {number} bytes */
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Prints the chunks of `keys` with their gzip size and largest modules; returns the sum.
 * @param {Iterable<string>} keys
 * @param {number} moduleRows
 */
function report(keys, moduleRows) {
  let total = 0;
  for (const key of keys) {
    const { file } = /** @type {Chunk} */ (manifest[key]);
    const size = gzipped(file);
    total += size;
    console.log(`  ${kB(size).padStart(9)}  ${file}`);
    const modules = Object.entries(modulesByFile[file] ?? {}).sort((a, b) => b[1] - a[1]);
    const sum = modules.reduce((all, [, length]) => all + length, 0);
    for (const [name, length] of modules.slice(0, moduleRows)) {
      const share = Math.round((100 * length) / sum);
      if (share < 1) break;
      console.log(`  ${"".padStart(9)}    ${`${share} %`.padStart(5)}  ${name}`);
    }
  }
  return total;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith(".html"));
if (entry === undefined) throw new Error("size: no index.html entry in the manifest");
const initial = closure([entry]);

console.log("Initial JavaScript of /webapp/ (gzip -9), each chunk with its largest modules:");
const total = report(initial, 8);
const verdict = total <= BUDGET ? "within" : "OVER";
console.log(
  `  ${kB(total).padStart(9)}  in ${initial.size} files: ${verdict} the budget of ${kB(BUDGET)}`,
);

/**
 * What the first screens load on demand at once, beside the initial files (not in the budget):
 * i18next with the texts of one language, zod with the call that reads config.json, and the
 * code of the route; the source modules those dynamic imports load.
 */
const start = ["src/i18n/i18n.ts", "src/i18n/de.ts", "src/api/webapp-api.ts"];
const firstScreens = {
  "/webapp/login": [...start, "src/screens/login/login-screen.tsx"],
  "/webapp/ signed in": [...start, "src/app/game-shell.tsx", "src/screens/home/home-screen.tsx"],
};

/**
 * The manifest key of the chunk that holds the source module `source`: its own chunk, or the
 * chunk of the group it went to (web/chunk-groups.ts).
 * @param {string} source
 */
function keyOf(source) {
  if (source in manifest) return source;
  const file = Object.keys(modulesByFile).find((name) => source in (modulesByFile[name] ?? {}));
  const key = Object.keys(manifest).find((name) => manifest[name]?.file === file);
  if (key === undefined) throw new Error(`size: ${source} is in no chunk of the manifest`);
  return key;
}

/**
 * The stylesheets of the chunks `keys`.
 * @param {Iterable<string>} keys
 */
const stylesheets = (keys) => new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));

const initialStylesheets = stylesheets(initial);
for (const [screen, sources] of Object.entries(firstScreens)) {
  const extra = [...closure(sources.map(keyOf))].filter((key) => !initial.has(key));
  const css = [...stylesheets(extra)].filter((file) => !initialStylesheets.has(file));
  console.log(`${screen} in German loads on demand (not in the budget):`);
  const sum = report(extra, 3);
  console.log(
    `  ${kB(sum).padStart(9)}  in ${extra.length} files and ${css.length} stylesheets; with the initial ${kB(total + sum)}`,
  );
}

if (total > BUDGET) {
  console.error(`size: the initial JavaScript is ${kB(total)}, over the budget of ${kB(BUDGET)}`);
  process.exit(1);
}
