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
  { find: /^pagewise\/(express|fastify|fetch|hono)$/, replacement: src("adapters/$1/index.ts") },
  { find: /^pagewise\/(drizzle|kysely)$/, replacement: src("builders/$1/index.ts") },
  { find: /^pagewise\/(cursor|client|sql|page|openapi)$/, replacement: src("$1/index.ts") },
];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/**/*.test.ts"],
    // test/browser: npm run test:browser; test/postgres and test/mariadb: npm run test:postgres and
    // npm run test:mariadb (a server of their own); test/runtimes: npm run test:runtimes.
    exclude: [
      "test/browser/**",
      "test/postgres/**",
      "test/mariadb/**",
      "test/runtimes/**",
      "**/node_modules/**",
    ],
    // A bound on a hang, not a speed goal (those live in npm run bench): an embedded PostgreSQL
    // starting on a shared, loaded 2-core machine took over vitest's default 5 s in CI.
    testTimeout: 30_000,
    // test/support/linear-growth.ts collects garbage before each call it measures.
    execArgv: ["--expose-gc"],
    hookTimeout: 60_000,
  },
});
