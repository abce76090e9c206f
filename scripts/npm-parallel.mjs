// Runs npm scripts side by side and waits for all: `node scripts/npm-parallel.mjs typecheck lint`.
// Each one's output is held and printed whole when it ends, so that the logs do not interleave;
// the exit code is the first failure's (0 when all passed). `npm run check` runs the typecheck
// beside the lint this way: both are single-threaded, and the machine has two cores.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/npm-parallel.mjs SCRIPT [SCRIPT...]");
  process.exit(2);
}

/** @param {string} name */
function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const status = code ?? (signal ? `signal ${signal}` : 1);
      process.stdout.write(`\n> npm run ${name} (${seconds} s, exit ${status})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 ? 0 : 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
