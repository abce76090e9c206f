import { readdir } from "node:fs/promises";

/**
 * The modules of store/migrations/ by file name without `.ts`: one file per migration, so that
 * adding a migration is adding its file. From source (vitest, tsx) the folder is read; the
 * server's bundle has no such folder, so scripts/build.mjs bundles in place of this module the
 * folder's files as it finds them (scripts/folder-modules.mjs).
 */
export async function migrationFiles(): Promise<Record<string, unknown>> {
  const names = (await readdir(new URL("./migrations/", import.meta.url)))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".ts".length));
  const modules = await Promise.all(
    names.map((name): Promise<unknown> => import(`./migrations/${name}.ts`)),
  );
  return Object.fromEntries(names.map((name, i) => [name, modules[i]]));
}
