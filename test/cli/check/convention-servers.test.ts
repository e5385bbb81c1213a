/**
 * `runChecks` against list servers written without pagewise (test/support/convention-server.ts):
 * each legal way of keeping the convention fails no check, and each break fails exactly the checks
 * its rule belongs to.
 */
import { describe, expect, it } from "vitest";
import type { CheckOptions } from "../../../src/cli/check/check-context.js";
import { runChecks } from "../../../src/cli/check/run-checks.js";
import { type Convention, startConventionServer } from "../../support/convention-server.js";

const LIST = "/items/?page_size=2&color=red";
const options = (origin: string): CheckOptions => ({
  empty: `${origin}/items/?q=none`,
  key: "id",
  maxPages: 50,
  write: true,
  apiKeyHeader: "X-Api-Key",
  apiKeyGiven: false,
});

/** The kind the run told, and the checks that failed. */
async function verdict(convention: Convention): Promise<[string, string[]]> {
  const server = await startConventionServer(convention);
  try {
    const report = await runChecks(server.url + LIST, options(server.url), {});
    const failed = report.checks.filter((check) => check.outcome === "fail");
    return [report.kind, failed.map((check) => check.name)];
  } finally {
    await server.close();
  }
}

describe("a server that keeps the convention its own way", () => {
  it.each<[string, Convention]>([
    ["as written", {}],
    ["refusing a page size over the maximum", { overMax: "refuse" }],
    ["with absolute links", { absoluteLinks: true }],
    ["with links last to first", { reversedLinks: true }],
    ["with relations besides the spec's", { extraRels: ["self", "alternate"] }],
    ["without CORS", { cors: false }],
  ])("%s fails no check", async (_, convention) => {
    expect(await verdict(convention)).toStrictEqual(["counted", []]);
  });
});
