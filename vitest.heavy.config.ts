import { defineConfig } from "vitest/config";
import config, { alias, HEAVY } from "./vitest.config.js";

/**
 * `npm run test:heavy`: the runs too long for `npm test` (big data loads with their query plans,
 * load tests of many clients, long property runs), named `*.heavy.test.ts` beside the tests of
 * their feature; CI runs them after `npm test`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    include: [HEAVY],
    testTimeout: config.test?.testTimeout,
    hookTimeout: config.test?.hookTimeout,
    execArgv: config.test?.execArgv,
    globalSetup: config.test?.globalSetup,
  },
});
