// npm run build / npm start: builds what is stale, the server (esbuild: server/src and protocol/src
// to server/dist, decisions/014-compiled-server.md: main.js, the script worker, the operators'
// command line operator.js and the content check content-check.js), the web app (Vite: web/dist)
// and the operators' console (Vite: console/dist, decisions/020-operators-console.md). A part is
// stale when the fingerprint of its inputs (paths, sizes and modification times) differs from the
// one its last successful build left in node_modules/.cache/wegmarke-build, or its output is
// missing. `node scripts/build.mjs [server] [web] [console] [--force]`: the named parts (all by
// default); --force builds them whatever the fingerprints say.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { serverFolderModules } from "./folder-modules.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamps = join(root, "node_modules/.cache/wegmarke-build");

/**
 * @typedef {{
 *   inputs: string[];
 *   outputs: string[];
 *   build: () => Promise<void>;
 * }} Part
 */

/** Test files are no input of a build. */
const isTest = (/** @type {string} */ name) => /\.test\.tsx?$/.test(name);

/**
 * One line per file under `paths` (recursively; node_modules, dist and tests left out).
 * @param {string[]} paths relative to the root
 */
function fingerprint(paths) {
  /** @type {string[]} */
  const lines = [];
  /** @param {string} path */
  const visit = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (name === "node_modules" || name === "dist" || isTest(name)) continue;
        visit(join(path, name));
      }
      return;
    }
    lines.push(`${path} ${stat.size} ${stat.mtimeMs}`);
  };
  for (const path of paths) visit(path);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

/** The server's npm dependencies stay imports of node_modules; its own code and protocol/ are bundled. */
function serverExternals() {
  const pkg = JSON.parse(readFileSync(join(root, "server/package.json"), "utf8"));
  return Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith("@wegmarke/"))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * The configuration files at the top of a workspace (vite.config.ts, its plugins).
 * @param {string} workspace
 */
function configFiles(workspace) {
  return readdirSync(join(root, workspace))
    .filter((name) => /\.[cm]?[jt]s$/.test(name) && !isTest(name))
    .map((name) => `${workspace}/${name}`);
}

/**
 * `npm run build` of a Vite workspace, through the npm that runs this script when there is one.
 * @param {string} workspace
 */
function viteBuild(workspace) {
  const npm = process.env.npm_execpath;
  const [command, args] = npm
    ? [process.execPath, [npm, "run", "build", "--workspace", workspace]]
    : ["npm", ["run", "build", "--workspace", workspace]];
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${workspace} build failed`);
}

/** @type {Record<string, Part>} */
const parts = {
  server: {
    inputs: [
      "server/src",
      "protocol/src",
      "server/package.json",
      "package-lock.json",
      "scripts/build.mjs",
      "scripts/folder-modules.mjs",
    ],
    outputs: [
      "server/dist/main.js",
      "server/dist/script-worker.js",
      "server/dist/content-worker.js",
      "server/dist/photo-worker.js",
      "server/dist/push-worker.js",
      "server/dist/unzip-worker.js",
      "server/dist/operator.js",
      "server/dist/game-admin.js",
      "server/dist/content-check.js",
    ],
    build: async () => {
      const esbuild = await import("esbuild");
      rmSync(join(root, "server/dist"), { recursive: true, force: true });
      await esbuild.build({
        absWorkingDir: root,
        // The script worker is started from a file beside main.js (game/scripts/script-runner.ts).
        entryPoints: {
          main: "server/src/main.ts",
          "script-worker": "server/src/game/scripts/script-worker.ts",
          // The content thread (packs/content-thread.ts): loads packs, compiles the studio's ink.
          "content-worker": "server/src/packs/content-worker.ts",
          // The photos of missions, in a child process (missions/photo-process.ts).
          "photo-worker": "server/src/missions/photo-worker.ts",
          // Web Push's encryption and posts, in a thread (push/push-thread.ts).
          "push-worker": "server/src/push/push-worker.ts",
          // A zipped pack unpacked for an import, in a thread (packs/pack-archive.ts).
          "unzip-worker": "server/src/packs/unzip-worker.ts",
          // npm run operator (operator-accounts/cli.ts), also where only server/dist is installed.
          operator: "server/src/operator.ts",
          // npm run game (games/cli.ts): the installation's games.
          "game-admin": "server/src/game-admin.ts",
          // npm run content:check (content/check-cli.ts), also where only server/dist is installed.
          "content-check": "server/src/content/check-cli.ts",
        },
        outdir: "server/dist",
        bundle: true,
        platform: "node",
        format: "esm",
        // The lowest Node it runs on, the engines' first (decisions/052-supported-node.md).
        target: "node20",
        external: serverExternals(),
        // The migrations are a folder of files that server/dist does not have (folder-modules.mjs).
        plugins: serverFolderModules(root),
        // Stack traces name the .ts lines under node --enable-source-maps.
        sourcemap: "linked",
        sourcesContent: false,
        logLevel: "warning",
      });
    },
  },
  web: {
    inputs: [
      "web/src",
      "web/public",
      "web/index.html",
      ...configFiles("web"),
      "web/package.json",
      "protocol/src",
      "package-lock.json",
    ],
    outputs: ["web/dist/index.html"],
    build: async () => viteBuild("web"),
  },
  console: {
    inputs: [
      "console/src",
      "console/public",
      "console/index.html",
      ...configFiles("console"),
      // Its Vite config takes the compressed copies' plugin from the web app.
      "web/compress-assets.ts",
      "console/package.json",
      "protocol/src",
      "package-lock.json",
    ],
    outputs: ["console/dist/index.html"],
    build: async () => viteBuild("console"),
  },
};

const args = process.argv.slice(2);
const force = args.includes("--force");
const named = args.filter((arg) => !arg.startsWith("--"));
for (const name of named) {
  if (!(name in parts)) {
    console.error(`build: unknown part ${name} (${Object.keys(parts).join(", ")})`);
    process.exit(2);
  }
}

for (const name of named.length > 0 ? named : Object.keys(parts)) {
  const part = /** @type {Part} */ (parts[name]);
  const stamp = join(stamps, `${name}.txt`);
  const before = fingerprint(part.inputs);
  const built =
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === before &&
    part.outputs.every((file) => existsSync(join(root, file)));
  if (built && !force) {
    console.log(`build: ${name} is up to date`);
    continue;
  }
  const started = Date.now();
  rmSync(stamp, { force: true });
  try {
    await part.build();
  } catch (error) {
    console.error(`build: ${name} failed${error instanceof Error ? `: ${error.message}` : ""}`);
    process.exit(1);
  }
  // An input edited while the build ran leaves the part stale for the next start.
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, before);
  console.log(
    `build: ${name} built in ${Date.now() - started} ms (${relative(root, dirname(join(root, part.outputs[0] ?? "")))})`,
  );
}
