import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.js";

/**
 * `npm run test:mariadb`: what only a MariaDB server can show (test/mariadb), against a real
 * server that the global setup starts from Debian's `mariadb-server` package and removes afterwards.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/mariadb/**/*.test.ts"],
    globalSetup: ["test/support/mariadb-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
