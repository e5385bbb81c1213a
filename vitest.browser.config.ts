import { defineConfig } from "vitest/config";
import { alias } from "./vitest.config.js";

/** `npm run test:browser`: the tests that drive Debian's Chromium (after `npm run build`). */
export default defineConfig({
  resolve: { alias },
  test: { include: ["test/browser/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 },
});
