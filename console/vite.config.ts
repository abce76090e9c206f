import { join } from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
// The player app's build step: .br and .gz copies beside the text files, for http/static.ts.
import { compressAssets } from "../web/compress-assets";

/** The game server during development (`npm run dev --workspace console`): its PORT too. */
const server = `http://localhost:${process.env.PORT || "8080"}`;

const root = decodeURIComponent(new URL(".", import.meta.url).pathname);

/** The operators' console at /ops/: its own entry and bundle, nothing shared with /webapp/. */
export default defineConfig({
  base: "/ops/",
  root,
  plugins: [react(), compressAssets()],
  resolve: {
    // zod set up for the Content-Security-Policy before any schema is made (src/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: join(root, "src/zod-jitless.ts") }],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the console: files of their own stay cached.
        manualChunks(id: string) {
          const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          if (library === "zod" || library === "i18next") return library;
          if (library === "react" || library === "react-dom" || library === "scheduler") {
            return "react";
          }
          return undefined;
        },
      },
    },
  },
  server: {
    // A port of its own beside the player app's Vite (5173).
    port: 5174,
    proxy: { "/api": server },
  },
  test: {
    name: "console",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
  },
});
