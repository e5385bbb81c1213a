/**
 * The walk itself on every store the run covers (memory, PGlite and SQLite in `npm test`;
 * PostgreSQL in `npm run test:postgres`; MariaDB in `npm run test:mariadb`): the built bin walks
 * the example server's list at concurrency 1 and 8 and writes every item once, in order. The
 * formats are walk-command.test.ts's, on the memory store: one format here keeps the time small.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { EXIT_STATUS } from "../../src/cli/exit-status.js";
import { buildCli, runCli } from "../support/built-cli.js";
import { exampleConfig } from "../support/example-config.js";
import { freshStore, STORE_KINDS } from "../support/stores.js";

const KEY = "walk-key";
const ALL = Array.from({ length: 120 }, (_, i) => i + 1);
let bin = "";
let removeBin = () => {};
beforeAll(async () => {
  ({ bin, remove: removeBin } = await buildCli());
}, 60_000);
afterAll(() => removeBin());

describe.each(STORE_KINDS)("a walk of the example server on the %s store", (kind) => {
  let server: Started;
  beforeAll(async () => {
    server = await startFastify(exampleConfig(KEY, { store: await freshStore(kind) }));
  }, 60_000);
  afterAll(() => server.close());

  it.each([1, 8])("writes every item once, in order, at concurrency %i", async (concurrency) => {
    const url = `${server.url}/package/demo/tools/packages/?page_size=7`;
    const args = ["walk", url, "--api-key", KEY, "-q", "--concurrency", `${concurrency}`];
    const run = await runCli(bin, args);
    expect([run.status, run.stderr]).toStrictEqual([EXIT_STATUS.complete, ""]);
    const ids = run.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toStrictEqual(ALL);
  });
});
