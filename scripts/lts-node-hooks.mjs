// Loaded with --import by the wrapper of the production Node that lts-node.mjs fetches: when
// node_modules/.cache/wegmarke-node holds a copy of the installed better-sqlite3 built for this
// Node's ABI (lts-node.mjs makes it), every import, require and require.resolve of the installed
// package leads to that copy, whose build/Release holds the binary for this Node; the installed
// package keeps the one for the machine's Node. The eval'd worker threads of the SQLite store
// require the path the main thread resolved, so they get the copy too. A Node without
// module.registerHooks (before 22.15), or without such a copy, is left alone.
import { existsSync, readFileSync } from "node:fs";
import * as module from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const installed = join(root, "node_modules/better-sqlite3");

/**
 * Where lts-node.mjs copies the installed better-sqlite3 to build it for the Node of ABI `abi`
 * (its `process.versions.modules`); the installed version is in the name.
 * @param {string} abi
 */
export function sqliteCopy(abi) {
  const { version } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  return join(root, `node_modules/.cache/wegmarke-node/better-sqlite3-${version}-abi${abi}`);
}

/**
 * Node's synchronous module hooks (22.15 and later; not in the types of Node 20).
 * @typedef {{ url: string }} Resolved
 * @typedef {(specifier: string, context: object) => Resolved} NextResolve
 * @typedef {{ registerHooks?: (hooks: {
 *   resolve: (specifier: string, context: object, next: NextResolve) => Resolved;
 * }) => void }} Hooks
 */

const { registerHooks } = /** @type {Hooks} */ (module);
const from = `${pathToFileURL(installed).href}/`;
const to = `${pathToFileURL(sqliteCopy(process.versions.modules)).href}/`;
if (registerHooks && existsSync(new URL("build/Release/better_sqlite3.node", to))) {
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      if (!resolved.url.startsWith(from)) return resolved;
      return { ...resolved, url: to + resolved.url.slice(from.length) };
    },
  });
}
