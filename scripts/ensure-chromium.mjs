// Browser tests drive Debian's chromium; install it with apt-get when it is missing.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const chromium = "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log("chromium is missing: installing Debian's package with apt-get");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
