// npm run dev: the server with reload (the server workspace's `dev`) and the Vite dev server
// with hot module replacement (the web workspace's `dev`, proxying the API to the server's
// PORT) in one terminal, each line prefixed with its name; Ctrl-C stops both.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { stripVTControlCharacters } from "node:util";

const port = process.env.PORT || "8080";
const colors = process.stdout.isTTY === true && !process.env.NO_COLOR;

/**
 * @param {string} text
 * @param {number} code an ANSI colour
 */
const paint = (text, code) => (colors ? `\x1b[${code}m${text}\x1b[0m` : text);

/** @param {string} line */
const say = (line) => console.log(`${paint("[dev]", 1)} ${line}`);

/**
 * @typedef {{
 *   name: string;
 *   color: number;
 *   env: Record<string, string>;
 *   onLine?: (line: string) => void;
 *   child?: import("node:child_process").ChildProcess;
 *   exited?: Promise<number>;
 * }} Part
 */

/** @type {Part[]} */
const parts = [
  // Piped, the server would log JSON; a person reads this terminal.
  {
    name: "server",
    color: 36,
    env: { PORT: port, LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty" },
  },
  {
    name: "web",
    color: 35,
    env: { PORT: port, ...(colors && !process.env.FORCE_COLOR ? { FORCE_COLOR: "1" } : {}) },
    onLine: (line) => {
      // Vite's "➜  Local:   http://localhost:5173/webapp/", colours and all.
      const url = /Local:\s+(http\S+)/.exec(stripVTControlCharacters(line))?.[1];
      if (url !== undefined && viteUrl === undefined) {
        viteUrl = url;
        void announce(url);
      }
    },
  },
];

/** @type {string | undefined} */
let viteUrl;
let stopping = false;

/**
 * Whether something accepts connections on the server's port.
 * @returns {Promise<boolean>}
 */
function serverListens() {
  return new Promise((resolve) => {
    const socket = connect({ host: "localhost", port: Number(port), autoSelectFamily: true });
    /** @param {boolean} listens */
    const settle = (listens) => {
      socket.destroy();
      resolve(listens);
    };
    socket.setTimeout(1000);
    socket.once("connect", () => settle(true));
    socket.once("error", () => settle(false));
    socket.once("timeout", () => settle(false));
  });
}

/**
 * Tells which address to open once the server listens too (it starts slower than Vite).
 * @param {string} url
 */
async function announce(url) {
  const deadline = Date.now() + 60000;
  while (!stopping && Date.now() < deadline && !(await serverListens())) await sleep(300);
  if (!stopping) say(paint(`open ${url}`, 1));
}

/** @param {Part} part */
function start(part) {
  const prefix = paint(`[${part.name}]`, part.color);
  // A process group of its own, so that stopping it stops npm, tsx and node beneath it alike.
  const child = spawn("npm", ["run", "dev", "--silent", "--workspace", part.name], {
    env: { ...process.env, ...part.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      console.log(`${prefix} ${line}`);
      part.onLine?.(line);
    });
  }
  part.child = child;
  part.exited = new Promise((resolve) => {
    child.once("error", (error) => {
      console.log(`${prefix} cannot start: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/** Stops every part that still runs: SIGTERM to its group, SIGKILL after five seconds. */
async function stopAll() {
  stopping = true;
  await Promise.all(
    parts.map(async (part) => {
      const { child, exited } = part;
      if (child?.pid === undefined || exited === undefined) return;
      for (const signal of /** @type {const} */ (["SIGTERM", "SIGKILL"])) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          return; // The group is gone.
        }
        const done = await Promise.race([
          exited.then(() => true),
          sleep(5000, false, { ref: false }),
        ]);
        if (done) return;
      }
    }),
  );
}

say(`server on port ${port} with reload, web with hot module replacement; Ctrl-C stops both`);
for (const part of parts) start(part);

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
  process.on(signal, () => {
    if (stopping) return;
    void stopAll().then(() => process.exit(0));
  });
}

// One part ending on its own (a port taken, a crash of Vite) ends the other too.
const first = await Promise.race(
  parts.map((part) => (part.exited ?? Promise.resolve(1)).then((code) => ({ part, code }))),
);
if (!stopping) {
  say(`${first.part.name} stopped (exit code ${first.code}); stopping the rest`);
  await stopAll();
  process.exit(first.code === 0 ? 1 : first.code);
}
