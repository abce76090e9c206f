import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files that time a second instance taking a publish (within 2 s, as players need): beside the
 * other worker's files on a 2-core machine they measured the machine's load, not the server.
 */
const timed = ["test/pack-draft.test.ts", "test/pack-versions.test.ts"];

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
          exclude: [...configDefaults.exclude, ...timed],
          testTimeout: 20000,
        },
      },
      {
        // They run when every other file has, one at a time, with nothing else on the CPU.
        test: {
          name: "server-timed",
          root: "server",
          include: timed,
          testTimeout: 20000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      "web/vite.config.ts",
      "console/vite.config.ts",
      // The repository's own scripts (scripts/test-database.mjs).
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.ts"] } },
    ],
  },
});
