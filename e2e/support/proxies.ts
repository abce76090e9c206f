import { execFileSync, spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Debian's nginx and Caddy with the files of deploy/ as docs/operations.md installs them, in a
 * folder of the test's instead of the machine's places. `npm run test:e2e` installs both
 * (scripts/ensure-packages.mjs).
 */

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");

export type RunningProxy = {
  /** Where the players open the game: nginx's HTTPS server, Caddy's site. */
  url: string;
  /** nginx's server for HTTP, which redirects to HTTPS. */
  httpUrl?: string;
  /** Every log the proxy wrote so far, by name (a file's, or `stderr`). */
  logs(): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

export type ProxyPorts = { http: number; https: number; upstream: number };

/** `text` with `from` replaced; a shipped file that no longer has `from` fails the test. */
function replaced(
  file: string,
  text: string,
  from: string | RegExp,
  to: string | ((match: string) => string),
): string {
  if (typeof from === "string" ? !text.includes(from) : !from.test(text)) {
    throw new Error(`${file} no longer has ${String(from)}`);
  }
  if (typeof to === "string") {
    return typeof from === "string" ? text.split(from).join(to) : text.replace(from, to);
  }
  return text.replace(from, to);
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** Runs `command` until every one of `ports` accepts connections; its stderr is kept. */
async function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  ports: number[],
): Promise<{ stderr: () => string; stop: (signal: NodeJS.Signals) => Promise<void> }> {
  const output: string[] = [];
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "pipe" });
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (const port of ports) {
    while (!(await listening(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill();
        throw new Error(`${command} did not start:\n${output.join("")}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    stderr: () => output.join(""),
    stop: async (signal) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    },
  };
}

/** The `.log` files in `dir`, by name. */
async function logFiles(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".log"));
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
  return Object.fromEntries(names.map((name, i) => [name, texts[i] ?? ""]));
}

/**
 * Starts nginx with deploy/nginx/wegmarke.conf in front of the server on `ports.upstream`: on
 * the test's ports (no IPv6), with a self-signed certificate for 127.0.0.1 and its logs in
 * `dir`, inside a main configuration that says what Debian's /etc/nginx/nginx.conf says about
 * logs (an access log in nginx's `combined` format for the whole http level).
 */
export async function startNginx(dir: string, ports: ProxyPorts): Promise<RunningProxy> {
  const file = "deploy/nginx/wegmarke.conf";
  let site = await readFile(join(repoRoot, file), "utf8");
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["listen [::]:443 ssl http2;", ""],
    ["/etc/letsencrypt/live/game.example.org/fullchain.pem", join(dir, "cert.pem")],
    ["/etc/letsencrypt/live/game.example.org/privkey.pem", join(dir, "key.pem")],
    ["/var/www/html", dir],
    ["server 127.0.0.1:8080;", `server 127.0.0.1:${ports.upstream};`],
  ];
  for (const [from, to] of replacements) site = replaced(file, site, from, to);
  // A site without logs of its own writes to those of the http level.
  site = site.split("/var/log/nginx/").join(`${dir}/`);
  await writeFile(join(dir, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `    ${kind}_temp_path ${dir}/${kind};`,
  );
  const main = [
    "daemon off;",
    "master_process off;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    "events {}",
    "http {",
    `    access_log ${dir}/access.log;`,
    ...temp,
    `    include ${dir}/site.conf;`,
    "}",
  ];
  await writeFile(join(dir, "nginx.conf"), `${main.join("\n")}\n`);
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  const args = ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  const nginx = await run("/usr/sbin/nginx", args, {}, [ports.http, ports.https]);
  return {
    url: `https://127.0.0.1:${ports.https}`,
    httpUrl: `http://127.0.0.1:${ports.http}`,
    logs: () => logFiles(dir),
    stop: () => nginx.stop("SIGQUIT"),
  };
}

/**
 * Starts Caddy with deploy/caddy/Caddyfile in front of the server on `ports.upstream`, for
 * `http://127.0.0.1:<ports.http>` (no certificate), its admin endpoint off and its storage in
 * `dir`, and with the file's access log example in force, writing to `dir`. Caddy's own log
 * goes to stderr, as to the journal under systemd.
 */
export async function startCaddy(dir: string, ports: ProxyPorts): Promise<RunningProxy> {
  const file = "deploy/caddy/Caddyfile";
  let text = await readFile(join(repoRoot, file), "utf8");
  // Several tests may run Caddy at once: none takes the admin endpoint's port.
  text = /^\{$/m.test(text)
    ? text.replace(/^\{$/m, "{\n\tadmin off")
    : `{\n\tadmin off\n}\n${text}`;
  // The commented `log { … }` of the site, uncommented.
  text = replaced(file, text, /^\t# log \{\n(?:\t# .*\n)*\t# \}$/m, (block: string) =>
    block.replace(/^\t# /gm, "\t"),
  );
  text = replaced(file, text, "/var/log/caddy/", `${dir}/`);
  await writeFile(join(dir, "Caddyfile"), text);
  const caddy = await run(
    "/usr/bin/caddy",
    ["run", "--config", join(dir, "Caddyfile"), "--adapter", "caddyfile"],
    {
      DOMAIN: `http://127.0.0.1:${ports.http}`,
      UPSTREAMS: `127.0.0.1:${ports.upstream}`,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
    },
    [ports.http],
  );
  return {
    url: `http://127.0.0.1:${ports.http}`,
    logs: async () => ({ ...(await logFiles(dir)), stderr: caddy.stderr() }),
    stop: () => caddy.stop("SIGTERM"),
  };
}
