import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { chunkGroups } from "./chunk-groups";
import { chunkModules } from "./chunk-modules";
import { compressAssets } from "./compress-assets";

/** The game server during development (`npm run dev`): the port it reads from PORT too. */
const server = `http://localhost:${process.env.PORT || "8080"}`;

const root = decodeURIComponent(new URL(".", import.meta.url).pathname);

/** The files of public/, relative to it. */
function publicFiles(): string[] {
  const dir = join(root, "public");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The service worker's bundle, at the root of the app so that its scope is the whole app. */
const SERVICE_WORKER = "sw.js";

/**
 * Builds src/sw/service-worker.ts as `sw.js` and writes into it the list of every other built
 * file (the precache) and a hash of that list (decisions/011-offline.md).
 */
function serviceWorker(): Plugin {
  return {
    name: "wegmarke-service-worker",
    apply: "build",
    // After Vite has emitted index.html.
    enforce: "post",
    generateBundle(_options, bundle) {
      const worker = bundle[SERVICE_WORKER];
      if (worker?.type !== "chunk") throw new Error(`${SERVICE_WORKER} missing from the build`);
      const files = Object.keys(bundle)
        // .vite/: the build's manifests, for npm run size; the QR reader's WebAssembly (1 MB,
        // where the browser reads no QR codes itself) loads when the scanner opens.
        .filter(
          (file) =>
            file !== SERVICE_WORKER && !file.startsWith(".vite/") && !file.endsWith(".wasm"),
        )
        .sort();
      // Files of public/ (icons, manifest) are copied, not bundled.
      files.push(...publicFiles());
      const release = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 12);
      const code = worker.code
        .replace("self.__PRECACHE__", JSON.stringify(files))
        .replace("self.__RELEASE__", JSON.stringify(release));
      if (code.includes("self.__PRECACHE__") || code.includes("self.__RELEASE__")) {
        throw new Error(`${SERVICE_WORKER}: the placeholders were not replaced once each`);
      }
      worker.code = code;
    },
  };
}

export default defineConfig({
  base: "/webapp/",
  root,
  plugins: [react(), serviceWorker(), compressAssets(), chunkModules()],
  resolve: {
    // zod set up for the Content-Security-Policy before any schema is made (src/lib/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: join(root, "src/lib/zod-jitless.ts") }],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // .vite/manifest.json: which files index.html loads, for npm run size (scripts/size.mjs).
    manifest: true,
    rollupOptions: {
      input: { index: "index.html", sw: "src/sw/service-worker.ts" },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === "sw" ? SERVICE_WORKER : "assets/[name]-[hash].js",
        // Few files before the first screens paint: chunk-groups.ts (decisions/018-light-app.md).
        codeSplitting: { groups: chunkGroups(root) },
      },
    },
  },
  server: {
    proxy: {
      // The site's root, query and all: the server redirects it to the app (/?account-deleted=1).
      "^/(\\?.*)?$": server,
      "/api": server,
      "/assets": server,
      "/webapp/config.json": server,
      "/webapp/manifest.webmanifest": server,
      "/webapp/app-icons": server,
      "/webapp/content": server,
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // The setup's cleanup (unmounting the app) before a test file's own afterEach restores
    // the globals it stubbed: a stream an app opens while it is unmounted still finds them.
    sequence: { hooks: "list" },
  },
});
