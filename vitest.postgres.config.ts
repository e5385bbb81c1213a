import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.js";

/**
 * `npm run test:postgres`: the example's store suite, HTTP suite, the command line's walk, the keyset spliced after a filter
 * and the PostgreSQL-only tests
 * (two servers on one database, the database stopped mid-run) against a real PostgreSQL server
 * that the global setup starts from Debian's `postgresql` package and removes afterwards.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      "test/examples/stores/**/*.test.ts",
      "test/examples/package-store.test.ts",
      "test/examples/hostile-targets.test.ts",
      "test/examples/concurrency.test.ts",
      "test/examples/cursor-list.test.ts",
      "test/examples/walk-under-writes.test.ts",
      // The command line's walk on this store (STORE_KINDS reads the server's URL).
      "test/cli/run-walk.test.ts",
      "test/postgres/**/*.test.ts",
      "test/cursor/keyset.postgres.test.ts",
    ],
    globalSetup: ["test/support/postgres-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
