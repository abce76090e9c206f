// An esbuild plugin for a module that imports the files of a folder found at run time: a bundle
// has no such folder, so in place of the module the bundle gets one that imports the folder's
// files as the build finds them. The server's migrations are such a folder
// (server/src/store/migration-files.ts): adding a migration is adding its file.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/**
 * The modules a folder holds, by file name without `.ts` (tests left out), in name order: the
 * rule the module replaced applies at run time.
 * @param {string} folder
 */
function moduleNames(folder) {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".ts".length))
    .sort();
}

/**
 * @param {{ module: string; folder: string; exportName: string }} options absolute paths:
 *   `module` exports `async function <exportName>()` that answers the modules of `folder`'s files
 *   by name (moduleNames); the bundle's module answers the same from imports.
 * @returns {import("esbuild").Plugin}
 */
export function folderModules({ module, folder, exportName }) {
  const path = new RegExp(`^${module.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return {
    name: "folder-modules",
    setup(build) {
      // A module moved or renamed would be bundled as it is, reading a folder the bundle lacks.
      build.onStart(() =>
        existsSync(module) && existsSync(folder)
          ? undefined
          : { errors: [{ text: `folder-modules: ${module} or ${folder} is missing` }] },
      );
      build.onLoad({ filter: path }, () => {
        const names = moduleNames(folder);
        const from = (/** @type {string} */ name) =>
          JSON.stringify(
            `./${relative(dirname(module), join(folder, `${name}.ts`))
              .split(sep)
              .join("/")}`,
          );
        const entries = names.map((name, i) => `${JSON.stringify(name)}: m${i}`);
        const contents = [
          ...names.map((name, i) => `import * as m${i} from ${from(name)};`),
          `export async function ${exportName}() {`,
          `  return { ${entries.join(", ")} };`,
          "}",
        ].join("\n");
        return { contents, loader: "js", resolveDir: dirname(module), watchDirs: [folder] };
      });
    },
  };
}

/**
 * The folders of the server's bundle (scripts/build.mjs).
 * @param {string} root the repository
 */
export function serverFolderModules(root) {
  return [
    folderModules({
      module: join(root, "server/src/store/migration-files.ts"),
      folder: join(root, "server/src/store/migrations"),
      exportName: "migrationFiles",
    }),
  ];
}
