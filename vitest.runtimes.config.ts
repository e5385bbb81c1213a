import { defineConfig } from "vitest/config";

/**
 * npm run test:runtimes: the runtime matrix and NestJS 11 (test/runtimes), after npm run build. Its
 * global setup installs the runtimes and NestJS 11 when they are missing, and copies the built
 * pagewise into NestJS 11's folder.
 */
export default defineConfig({
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    globalSetup: ["test/runtimes/install-runtimes.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
