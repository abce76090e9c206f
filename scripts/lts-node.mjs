// npm run test:lts, the last step of `npm test`: the tests a change of runtime can break, run on
// the Node that production runs (the container image's, decisions/052-supported-node.md) while
// the machine's own Node runs everything else. It fetches that Node from the npm registry (the
// package node-<platform>-<arch>: its binary and headers) into node_modules/.cache/wegmarke-node,
// builds a copy of the installed better-sqlite3 for it there (the package's own node-gyp build
// against those headers), and runs on it: the store's tests and a set of API tests (SQLite and
// PostgreSQL, through test-database.mjs) and a browser test that plays the first stations against
// the compiled server. Processes on that Node start through a wrapper that loads
// lts-node-hooks.mjs, which leads their imports of better-sqlite3 to the copy. A machine whose
// Node already is of that major version has run every test on it: the step says so and ends.
//   node scripts/lts-node.mjs                  fetch and build what is missing, run the tests
//   node scripts/lts-node.mjs exec CMD [ARG…]  run a command with that Node first on PATH
//   node scripts/lts-node.mjs path             print the wrapper's path (BENCH_NODE, bench/README.md)
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sqliteCopy } from "./lts-node-hooks.mjs";
import { main as withTestDatabase } from "./test-database.mjs";

/** The production Node: the major version of deploy/Dockerfile's image, its newest release on npm. */
export const LTS_NODE_VERSION = "26.12.1";

/** The server's tests on that Node: the store and its SQLite threads, the backup command, accounts (argon2), the event stream. */
export const SERVER_TESTS = [
  "server/src/store/store.test.ts",
  "server/src/store/sqlite-checkpoints.test.ts",
  "server/src/store/sqlite-reader.test.ts",
  "server/test/backup.test.ts",
  "server/test/accounts.test.ts",
  "server/test/events.test.ts",
];

/** The browser test on that Node: a player's first stations against the compiled server. */
export const BROWSER_TESTS = ["tests/first-station.test.ts"];

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = join(root, "node_modules/.cache/wegmarke-node");
const home = join(cache, `node-v${LTS_NODE_VERSION}`);
/** The folder `exec` puts first on PATH: the wrapper, named `node`. */
const wrapperDir = join(home, "wrapper");
const wrapper = join(wrapperDir, "node");
const vitest = join(root, "node_modules/vitest/vitest.mjs");

class Failure extends Error {}

/** @param {string} line */
const log = (line) => console.error(`lts-node: ${line}`);

/** @param {number} started */
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * npm, through the one that runs this script when there is one; resolves to its output, which
 * is printed (to stderr, so that `path` prints the path alone) only when it fails.
 * @param {string[]} args
 * @param {{ cwd?: string; env?: NodeJS.ProcessEnv }} [options]
 */
function npm(args, options = {}) {
  const cli = process.env.npm_execpath;
  const [command, fullArgs] = cli ? [process.execPath, [cli, ...args]] : ["npm", args];
  const result = spawnSync(command, fullArgs, { ...options, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Failure(`npm ${args.join(" ")} failed`);
  }
  return result.stdout;
}

/**
 * Moves a finished folder into place; another run may have put one there first.
 * @param {string} from
 * @param {string} to
 */
function settle(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    rmSync(from, { recursive: true, force: true });
    if (!existsSync(to)) throw error;
  }
}

/** Fetches the Node package into the cache unless it is there: bin/node and include/node. */
function fetchNode() {
  if (existsSync(join(home, "bin/node"))) return;
  const name = `node-${process.platform}-${process.arch}@${LTS_NODE_VERSION}`;
  const started = Date.now();
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, "download-"));
  try {
    // npm checks the tarball against the registry's integrity hash; its cache keeps it.
    const [packed] = JSON.parse(npm(["pack", name, "--pack-destination", work, "--json"]));
    const unpacked = join(work, "package");
    mkdirSync(unpacked);
    const tar = spawnSync(
      "tar",
      ["-xzf", join(work, packed.filename), "-C", unpacked, "--strip-components=1"],
      {
        stdio: "inherit",
      },
    );
    if (tar.status !== 0) throw new Failure(`unpacking ${packed.filename} failed`);
    settle(unpacked, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`fetched ${name} in ${seconds(started)}`);
}

/**
 * The ABI of the fetched Node (its process.versions.modules).
 * @returns {string}
 */
function abiOfNode() {
  const result = spawnSync(join(home, "bin/node"), ["-p", "process.versions.modules"], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Failure(`${home}/bin/node does not run: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Builds a copy of the installed better-sqlite3 for the fetched Node unless one is there. The copy
 * lives under node_modules, so that its `require("bindings")` finds the installed one.
 * @param {string} abi
 */
function buildSqlite(abi) {
  const copy = sqliteCopy(abi);
  if (existsSync(join(copy, "build/Release/better_sqlite3.node"))) return;
  const started = Date.now();
  log(`building better-sqlite3 for Node ${LTS_NODE_VERSION} (SQLite's C source: a minute or more)`);
  const installed = join(root, "node_modules/better-sqlite3");
  const work = mkdtempSync(join(cache, "better-sqlite3-"));
  try {
    cpSync(installed, work, {
      recursive: true,
      filter: (path) => path !== join(installed, "build"),
    });
    // The package's own build script (node-gyp, which npm brings) against the fetched headers.
    npm(["run", "build-release", "--prefix", work], {
      cwd: work,
      env: { ...process.env, npm_config_nodedir: home, JOBS: "max" },
    });
    settle(work, copy);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  log(`built better-sqlite3 for Node ${LTS_NODE_VERSION} in ${seconds(started)}`);
}

/** @param {string} text */
const shellQuoted = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/** Writes the wrapper: the fetched Node, with the hooks in NODE_OPTIONS for it and its children. */
function writeWrapper() {
  const hooks = `--import=${pathToFileURL(join(root, "scripts/lts-node-hooks.mjs")).href}`;
  mkdirSync(wrapperDir, { recursive: true });
  writeFileSync(
    wrapper,
    [
      "#!/bin/sh",
      `# Node ${LTS_NODE_VERSION} with better-sqlite3 built for it (scripts/lts-node.mjs).`,
      `case " \${NODE_OPTIONS-} " in`,
      `  *" ${hooks} "*) ;;`,
      `  *) NODE_OPTIONS=${shellQuoted(hooks)}"\${NODE_OPTIONS:+ $NODE_OPTIONS}"; export NODE_OPTIONS ;;`,
      "esac",
      `exec ${shellQuoted(join(home, "bin/node"))} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(wrapper, 0o755);
}

/** Fetches and builds what is missing; then the wrapper runs that Node with its better-sqlite3. */
function prepare() {
  if (process.platform === "win32") throw new Failure("needs a POSIX shell: Linux or macOS");
  fetchNode();
  buildSqlite(abiOfNode());
  writeWrapper();
  // The same command a process on that Node runs: it fails here when the hooks do not lead
  // better-sqlite3 to the copy.
  const probe = spawnSync(
    wrapper,
    [
      "-p",
      'const D = require("better-sqlite3"); `${process.version}, SQLite ${new D(":memory:").prepare("select sqlite_version() v").get().v}`',
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (probe.status !== 0) throw new Failure(`better-sqlite3 does not load on it:\n${probe.stderr}`);
  log(`Node ${probe.stdout.trim()} (${wrapper})`);
}

/**
 * Runs a command to its end; resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<number>}
 */
function run(command, args, cwd) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.once("error", (error) => {
      log(`cannot run ${command}: ${error.message}`);
      done(127);
    });
    child.once("exit", (code, signal) => done(code ?? (signal === null ? 1 : 128)));
  });
}

/** The tests on the fetched Node; resolves to 0 when all passed. */
async function test() {
  const major = LTS_NODE_VERSION.split(".")[0];
  if (process.versions.node.split(".")[0] === major) {
    log(`this is Node ${process.version}: npm test has run every test on Node ${major} already`);
    return 0;
  }
  const started = Date.now();
  prepare();
  const serverStarted = Date.now();
  const server = await withTestDatabase([
    wrapper,
    vitest,
    "run",
    "--project",
    "server",
    ...SERVER_TESTS,
  ]);
  const serverTime = seconds(serverStarted);
  const browserStarted = Date.now();
  const browser = await run(
    wrapper,
    [vitest, "run", "--config", "vitest.config.ts", ...BROWSER_TESTS],
    join(root, "e2e"),
  );
  log(
    `on Node ${LTS_NODE_VERSION}: server tests ${server === 0 ? "passed" : "FAILED"} (${serverTime}), ` +
      `browser test ${browser === 0 ? "passed" : "FAILED"} (${seconds(browserStarted)}); ${seconds(started)} in all`,
  );
  return server === 0 && browser === 0 ? 0 : 1;
}

/**
 * @param {string[]} args
 * @returns {Promise<number>} the exit code
 */
async function main(args) {
  const [mode, ...rest] = args;
  // Its children's `node`, and what `#!/usr/bin/env node` finds, is the wrapper.
  process.env.PATH = `${wrapperDir}${delimiter}${process.env.PATH ?? ""}`;
  try {
    if (mode === undefined) return await test();
    if (mode === "path" && rest.length === 0) {
      prepare();
      console.log(wrapper);
      return 0;
    }
    const [command, ...commandArgs] = rest;
    if (mode === "exec" && command !== undefined) {
      prepare();
      return await run(command, commandArgs, process.cwd());
    }
    console.error("usage: node scripts/lts-node.mjs [exec COMMAND [ARGUMENT...] | path]");
    return 2;
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    log(error.message);
    return 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
