// Browser tests drive Debian's chromium, and the reverse-proxy tests run Debian's nginx and Caddy
// with the files of deploy/: install what is missing with apt-get.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const packages = {
  chromium: "/usr/bin/chromium",
  nginx: "/usr/sbin/nginx",
  caddy: "/usr/bin/caddy",
};
const missing = Object.entries(packages)
  .filter(([, binary]) => !existsSync(binary))
  .map(([name]) => name);
if (missing.length > 0) {
  console.log(`missing: ${missing.join(", ")}; installing Debian's packages with apt-get`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  const run = (/** @type {string} */ command) =>
    execSync(command, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(" ")}`);
  // The tests start the proxies themselves; the services Debian starts on installing them
  // would take ports 80 and 443.
  const services = missing.filter((name) => name === "nginx" || name === "caddy");
  if (services.length > 0 && existsSync("/run/systemd/system")) {
    run(`${sudo}systemctl disable --now ${services.join(" ")}`);
  }
}
