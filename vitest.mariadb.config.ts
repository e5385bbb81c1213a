import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.js";

/**
 * `npm run test:mariadb`: what only a MariaDB server can show (test/mariadb), and the example's
 * suites and the command line's walk on its `mysql` store, against a real server that the global setup starts from Debian's
 * `mariadb-server` package and removes afterwards.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      "test/mariadb/**/*.test.ts",
      // The example's suites on the builder store (STORE_KINDS reads TEST_MARIADB_URL).
      "test/examples/package-store.test.ts",
      "test/examples/stores/store.test.ts",
      "test/examples/cursor-list.test.ts",
      "test/examples/concurrency.test.ts",
      "test/examples/walk-under-writes.test.ts",
      // The command line's walk on this store (STORE_KINDS reads the server's URL).
      "test/cli/run-walk.test.ts",
    ],
    globalSetup: ["test/support/mariadb-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
