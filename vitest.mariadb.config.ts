import { defineConfig } from "vitest/config";
import { alias, ON_EVERY_DATABASE } from "./vitest.config.js";

/**
 * `npm run test:mariadb`: against a real MariaDB server that the global setup starts from
 * Debian's `mariadb-server` package and removes afterwards (`TEST_MARIADB_URL`): the feature
 * tests' MariaDB rows (test/support/databases.ts), the example's suites and the command line's
 * walk on its `mysql` store (`STORE_KINDS`), and the tests only a server can show (its planner
 * setting, its query plans, its dialect's facts, the throwaway server itself), skipped in
 * `npm test`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      ...ON_EVERY_DATABASE,
      "test/builders/filtered-plans.test.ts",
      "test/builders/page-setting.test.ts",
      "test/sql/counter-table-mariadb.test.ts",
      "test/sql/mariadb-dialect-facts.test.ts",
      "test/support/mariadb-server.test.ts",
      "test/examples/stores/builder-plans-mariadb.test.ts",
      "test/examples/package-store.test.ts",
      "test/examples/stores/store.test.ts",
      "test/examples/cursor-list.test.ts",
      "test/examples/concurrency.heavy.test.ts",
      "test/examples/walk-under-writes.test.ts",
      "test/cli/run-walk.test.ts",
    ],
    globalSetup: [
      "test/support/mariadb-global-setup.ts",
      "test/builders/prisma/generate-clients.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
