import { defineConfig } from "vitest/config";

/**
 * npm run test:runtimes: the runtime matrix (test/runtimes), after npm run build. Its global setup
 * installs the runtimes when they are missing.
 */
export default defineConfig({
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    globalSetup: ["test/runtimes/install-runtimes.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
