import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * Examples import the package by name, as users do; in tests that name means the sources, so no
 * stale build is ever tested. test/dist.test.ts checks the built entry points themselves.
 */
export const alias = [
  { find: /^pagewise$/, replacement: src("index.ts") },
  { find: /^pagewise\/adapter$/, replacement: src("adapters/index.ts") },
  {
    find: /^pagewise\/(express|fastify|fetch|hono|nestjs)$/,
    replacement: src("adapters/$1/index.ts"),
  },
  { find: /^pagewise\/(drizzle|kysely|prisma|typeorm)$/, replacement: src("builders/$1/index.ts") },
  { find: /^pagewise\/(cursor|client|sql|page|openapi)$/, replacement: src("$1/index.ts") },
];

/** The heavy suites' files: `npm run test:heavy` (vitest.heavy.config.ts) runs them, `npm test` not. */
export const HEAVY = "test/**/*.heavy.test.ts";

/**
 * The tests of a feature on every database (`databaseRows` of test/support/databases.ts): SQLite
 * and PGlite in `npm test`, the server's rows in `npm run test:postgres` and `npm run test:mariadb`,
 * which include these files.
 */
export const ON_EVERY_DATABASE = [
  "test/builders/joins.test.ts",
  "test/builders/kysely/behaviour.test.ts",
  "test/builders/kysely/past-the-end.test.ts",
  "test/builders/kysely/plans.test.ts",
  "test/builders/kysely/walks.properties.test.ts",
  "test/builders/drizzle/cursor-pages.test.ts",
  "test/builders/drizzle/pages.test.ts",
  "test/builders/drizzle/past-the-end.test.ts",
  // Every suite of the Prisma and TypeORM integrations runs on each database they serve.
  "test/builders/prisma/*.test.ts",
  "test/builders/typeorm/*.test.ts",
];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/**/*.test.ts"],
    // test/browser: npm run test:browser; test/runtimes: npm run test:runtimes; the heavy runs (big
    // data loads, load tests, long property runs): npm run test:heavy. The rows and tests of a
    // PostgreSQL or MariaDB server are skipped here: npm run test:postgres and npm run test:mariadb.
    exclude: [HEAVY, "test/browser/**", "test/runtimes/**", "**/node_modules/**"],
    // A bound on a hang, not a speed goal (those live in npm run bench): an embedded PostgreSQL
    // starting on a shared, loaded 2-core machine took over vitest's default 5 s in CI.
    testTimeout: 30_000,
    // test/support/linear-growth.ts collects garbage before each call it measures.
    execArgv: ["--expose-gc"],
    hookTimeout: 60_000,
    // A worker a core: vitest's default leaves one core to its own process, which on a 2-core
    // machine ran the files one at a time, though most of their time is spent waiting on servers,
    // databases and threads.
    maxWorkers: Math.max(availableParallelism(), 2),
    // A folder for the run's PGlite databases, removed after it (test/support/pglite-template.ts).
    globalSetup: [
      "test/support/pglite-global-setup.ts",
      "test/builders/prisma/generate-clients.ts",
    ],
  },
});
