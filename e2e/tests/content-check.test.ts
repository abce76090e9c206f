import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");

/**
 * `content:check` where only the compiled server is installed, as in the container image
 * (deploy/Dockerfile's runtime stage: node_modules, server/package.json, server/dist and
 * content/, no sources and no tsx): `node server/dist/content-check.js content/demo`.
 */
describe("the compiled content check", () => {
  let app: string;

  beforeAll(async () => {
    app = await mkdtemp(join(tmpdir(), "wegmarke-image-"));
    await mkdir(join(app, "server"));
    await cp(join(repoRoot, "server/package.json"), join(app, "server/package.json"));
    await cp(join(repoRoot, "server/dist"), join(app, "server/dist"), { recursive: true });
    await cp(join(repoRoot, "content/demo"), join(app, "content/demo"), { recursive: true });
    await symlink(join(repoRoot, "node_modules"), join(app, "node_modules"));
  });

  afterAll(async () => {
    if (app) await rm(app, { recursive: true, force: true });
  });

  const check = (folder: string) =>
    spawnSync(process.execPath, ["server/dist/content-check.js", folder], {
      cwd: app,
      encoding: "utf8",
    });

  it("passes the demo pack", () => {
    const result = check("content/demo");
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("content/demo: 11 stations, 3 stories, 0 errors, 0 warnings\n");
    expect(result.status).toBe(0);
  });

  it("names each problem with its file and line, and fails on errors", async () => {
    const script = join(app, "content/demo/stations/1-marktplatz/script.de.ink");
    await writeFile(script, (await readFile(script, "utf8")).replace("-> frage", "-> frag"));
    const result = check("content/demo");
    expect(result.stderr.split("\n")).toEqual([
      "content/demo/stations/1-marktplatz/script.de.ink:12: error: Divert target not found: '-> frag'",
      "content/demo: 1 error, 0 warnings; the server would refuse this pack",
      "",
    ]);
    expect(result.status).toBe(1);
  });
});
