/**
 * A mutation of pagewise's page math must make `check` fail against the example server: with
 * `paginate` answering a page total one too many, the server sends it, and `check`, whose math is
 * its own (src/cli/check/spec-page.ts), says so. Were `check` judging by `paginate`, both would
 * agree and every check would pass.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { startFastify } from "../../../examples/package-store/serve-fastify.js";
import type { Started } from "../../../examples/package-store/started.js";
import { runChecks } from "../../../src/cli/check/run-checks.js";
import { exampleConfig } from "../../support/example-config.js";

vi.mock("../../../src/page/paginate.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/page/paginate.js")>();
  const offByOne: typeof real.paginate = (request, options) => {
    const page = real.paginate(request, options);
    return { ...page, pageTotal: page.pageTotal + 1 };
  };
  return { ...real, paginate: offByOne };
});

const KEY = "mutation-key";
const started: Started[] = [];

afterAll(async () => {
  await Promise.all(started.map((server) => server.close()));
});

describe("check against the example server with an off-by-one page total", () => {
  it("fails headers-agree on the page total", async () => {
    const server = await startFastify(exampleConfig(KEY, { store: { kind: "memory" } }));
    started.push(server);
    const url = `${server.url}/package/demo/tools/?status=failed&page_size=5`;
    const report = await runChecks(
      url,
      {
        empty: undefined,
        key: "id",
        maxPages: 50,
        write: false,
        apiKeyHeader: "X-Api-Key",
        apiKeyGiven: false,
      },
      { "X-Api-Key": KEY },
    );
    const headers = report.checks.find((check) => check.name === "headers-agree");
    expect([headers?.outcome, headers?.problems[0]]).toStrictEqual([
      "fail",
      `GET ${url}: X-Pagination-PageTotal is 6; Count 24 in pages of 5 makes 5 (spec 4.3 rule 1)`,
    ]);
  });
});
