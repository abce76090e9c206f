import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { folderModules, serverFolderModules } from "./folder-modules.mjs";

const root = resolve(import.meta.dirname, "..");
/** Bundles land where Node finds the repository's packages (kysely), away from any source. */
const cache = join(root, "node_modules/.cache");
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, "folder-modules-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles `contents` (an entry in the root) with `plugins` and imports the bundle. */
async function bundled(contents: string, plugins: ReturnType<typeof serverFolderModules>) {
  const outfile = join(out, `${String(Math.random()).slice(2)}.mjs`);
  await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    external: ["kysely"],
    outfile,
    plugins,
    logLevel: "silent",
  });
  return (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
}

describe("the server's bundle", () => {
  it("runs every migration of server/src/store/migrations/, gathered from the folder", async () => {
    const { migrationFiles, migrationsOf } = (await bundled(
      `export { migrationFiles } from "./server/src/store/migration-files";
       export { migrationsOf } from "./server/src/store/migrations";`,
      serverFolderModules(root),
    )) as {
      migrationFiles: () => Promise<Record<string, unknown>>;
      migrationsOf: (files: Record<string, unknown>, dialect: string) => Record<string, unknown>;
    };
    const known = Object.keys(migrationsOf(await migrationFiles(), "sqlite"));
    const onDisk = readdirSync(join(root, "server/src/store/migrations")).sort();
    expect(known.map((name) => `${name}.ts`)).toEqual(onDisk);
    expect(known.length).toBeGreaterThanOrEqual(21);
  });
});

describe("a folder's modules", () => {
  it("are the folder's files at build time, tests left out, without the folder at run time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "folder-modules-"));
    try {
      mkdirSync(join(dir, "parts"));
      for (const name of ["b", "a", "a.test"]) {
        writeFileSync(join(dir, "parts", `${name}.ts`), `export const name = "${name}";`);
      }
      // What the bundle replaces: at run time, the bundle has no folder to read.
      writeFileSync(join(dir, "list.ts"), `export async function parts() { throw new Error(); }`);
      const plugin = folderModules({
        module: join(dir, "list.ts"),
        folder: join(dir, "parts"),
        exportName: "parts",
      });
      const { parts } = (await bundled(`export { parts } from "${join(dir, "list.ts")}";`, [
        plugin,
      ])) as { parts: () => Promise<Record<string, { name: string }>> };
      const modules = await parts();
      expect(Object.keys(modules)).toEqual(["a", "b"]);
      expect(modules.b?.name).toBe("b");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fail the build when the module they replace is gone", async () => {
    const plugin = folderModules({
      module: join(root, "no-such-module.ts"),
      folder: root,
      exportName: "parts",
    });
    await expect(bundled("export const x = 1;", [plugin])).rejects.toThrow(/no-such-module/);
  });
});
