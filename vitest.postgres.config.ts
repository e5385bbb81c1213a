import { defineConfig } from "vitest/config";
import { alias, ON_EVERY_DATABASE } from "./vitest.config.js";

/**
 * `npm run test:postgres`: against a real PostgreSQL server that the global setup starts from
 * Debian's `postgresql` package and removes afterwards (`TEST_POSTGRES_URL`): the feature tests'
 * PostgreSQL rows (test/support/databases.ts), the example's store, HTTP and walk suites and the
 * command line's walk on its `postgres` store (`STORE_KINDS`), and the tests only a server can
 * show (two servers on one database, the database stopped mid-run, a statement cancelled),
 * skipped in `npm test`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      ...ON_EVERY_DATABASE,
      "test/sql/counter-table-postgres.test.ts",
      "test/sql/postgres-dialect-facts.test.ts",
      "test/cursor/keyset.postgres.test.ts",
      "test/examples/stores/store.test.ts",
      "test/examples/stores/sql-plans.heavy.test.ts",
      "test/examples/stores/statement-cancel.test.ts",
      "test/examples/package-store.test.ts",
      "test/examples/hostile-targets.test.ts",
      "test/examples/concurrency.heavy.test.ts",
      "test/examples/cursor-list.test.ts",
      "test/examples/walk-under-writes.test.ts",
      "test/examples/outage.test.ts",
      "test/examples/two-processes.test.ts",
      "test/cli/run-walk.test.ts",
    ],
    globalSetup: [
      "test/support/postgres-global-setup.ts",
      "test/builders/prisma/generate-clients.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
