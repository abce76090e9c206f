import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** Unit and API tests of every workspace; browser tests run apart (`npm run test:e2e`). */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then
    // waits idle on the database, the password hashes and the servers the API tests start.
    // Two workers there took the unit and API tests from about 25 to 15 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
