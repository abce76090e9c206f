import { defineConfig } from "vitest/config";

/** Unit and API tests of every workspace; browser tests run apart (`npm run test:e2e`). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "protocol", root: "protocol", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 20000,
        },
      },
      "web/vite.config.ts",
      "console/vite.config.ts",
      // The repository's own scripts (scripts/test-database.mjs).
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.ts"] } },
    ],
  },
});
