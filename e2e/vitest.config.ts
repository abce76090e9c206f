import { defineConfig } from "vitest/config";

/** Browser tests: one real server per file, Debian's chromium, one file at a time. */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/**/*.test.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
