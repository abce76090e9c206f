import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Plugin } from "vite";

/** Where the list goes, beside Vite's own manifest (`build.manifest`). */
export const CHUNK_MODULES = ".vite/chunk-modules.json";

/**
 * Writes, for each JavaScript chunk of the build, the modules in it and how many characters
 * each left in the bundle before minification, for `npm run size` (scripts/size.mjs) to say
 * what fills the initial load. Packages are named by their folder in node_modules.
 */
export function chunkModules(): Plugin {
  let root = "";
  return {
    name: "wegmarke-chunk-modules",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength === 0) continue;
          const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? relative(root, id);
          modules[name] = (modules[name] ?? 0) + module.renderedLength;
        }
        chunks[file] = modules;
      }
      const target = join(options.dir ?? join(root, "dist"), CHUNK_MODULES);
      await mkdir(join(target, ".."), { recursive: true });
      await writeFile(target, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
