import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/** The game server during development (`npm run dev --workspace server`). */
const server = "http://localhost:8080";

export default defineConfig({
  base: "/webapp/",
  root: decodeURIComponent(new URL(".", import.meta.url).pathname),
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        manualChunks(id: string) {
          const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          if (library === undefined) return undefined;
          if (library === "zod") return "zod";
          if (library.includes("i18next")) return "i18n";
          return "react";
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      "/assets": server,
      "/webapp/config.json": server,
      "/webapp/content": server,
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
  },
});
