/**
 * `runChecks` against the example servers (Fastify, Express, fetch; memory store), which keep
 * every rule, on a page list and the cursor list; and against broken servers, the example behind
 * a proxy that breaks one rule each: exactly the checks that rule belongs to fail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../../examples/package-store/config.js";
import { startExpress } from "../../../examples/package-store/serve-express.js";
import { startFastify } from "../../../examples/package-store/serve-fastify.js";
import { startFetch } from "../../../examples/package-store/serve-fetch.js";
import type { Start, Started } from "../../../examples/package-store/started.js";
import type { CheckOptions } from "../../../src/cli/check/check-context.js";
import { runChecks } from "../../../src/cli/check/run-checks.js";
import {
  type RewritingProxy,
  startRewritingProxy,
  type Transform,
} from "../../support/rewriting-proxy.js";

const KEY = "check-key";
const config: Config = {
  host: "127.0.0.1",
  port: 0,
  apiKey: KEY,
  apiKeyIsDefault: false,
  seed: 120,
};
const FILTERED = "/package/demo/tools/?status=failed&page_size=5";
const EMPTY = "/package/demo/tools/?status=failed&query=none-such";
const options = (origin: string): CheckOptions => ({
  empty: origin + EMPTY,
  key: "id",
  maxPages: 50,
  write: true,
  apiKeyHeader: "X-Api-Key",
  apiKeyGiven: true,
});
const headers = { "X-Api-Key": KEY };
const servers: Readonly<Record<string, Start>> = {
  fastify: startFastify,
  express: startExpress,
  fetch: startFetch,
};
const started: Started[] = [];
const proxies: RewritingProxy[] = [];

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(started.map((server) => server.close()));
});

async function start(name: string): Promise<string> {
  const server = await (servers[name] as Start)({ ...config, store: { kind: "memory" } });
  started.push(server);
  return server.url;
}

const failing = (report: Awaited<ReturnType<typeof runChecks>>) =>
  report.checks.filter((check) => check.outcome === "fail").map((check) => check.name);

describe.concurrent.each(Object.keys(servers))("the example server on %s", (name) => {
  it.each([
    ["the filtered page list", FILTERED, "counted"],
    ["the /packages/ list", "/package/demo/tools/packages/", "counted"],
    ["the cursor list", "/v2/package/demo/tools/?status=failed&page_size=5", "cursor"],
  ])("keeps every rule on %s", async (_, path, kind) => {
    const origin = await start(name);
    const report = await runChecks(origin + path, options(origin), headers);
    expect([report.kind, failing(report)]).toStrictEqual([kind, []]);
    expect(
      report.checks.map((check) => check.outcome).filter((o) => o === "not-run"),
    ).toStrictEqual([]);
  });
});

/** Each break: one rewrite of the example's answers. */
const rewrite =
  (
    pick: (answer: { headers: Record<string, string>; body: string }, target: string) => void,
  ): Transform =>
  ({ target }, answer) => {
    const copy = { ...answer, headers: { ...answer.headers } };
    pick(copy, target);
    return copy;
  };

const BREAKS: readonly [string, Transform, readonly string[]][] = [
  [
    "a wrong X-Pagination-PageTotal",
    rewrite(({ headers: h }) => {
      if (h["x-pagination-pagetotal"])
        h["x-pagination-pagetotal"] = String(Number(h["x-pagination-pagetotal"]) + 1);
    }),
    ["headers-agree"],
  ],
  [
    "links that drop the filters",
    rewrite(({ headers: h }) => {
      if (h.link) h.link = h.link.replaceAll("status=failed&", "");
    }),
    // The page past the end links without them too; the walk by links follows them into the
    // unfiltered list.
    ["links", "past-end", "walks"],
  ],
  [
    "page=0 a 404",
    (request, answer) =>
      /[?&]page=0(&|$)/.test(request.target)
        ? {
            status: 404,
            headers: { "content-type": "application/problem+json" },
            body: '{"title":"Not Found","status":404}',
          }
        : answer,
    ["page-fallback"],
  ],
  [
    "no Link on the last page",
    rewrite(({ headers: h }) => {
      if (
        h["x-pagination-page"] !== undefined &&
        h["x-pagination-page"] === h["x-pagination-pagetotal"]
      )
        delete h.link;
    }),
    ["links"],
  ],
  [
    "an empty list with pagination headers",
    rewrite((answer) => {
      if (answer.body === "[]" && answer.headers["x-pagination-count"] === undefined) {
        Object.assign(answer.headers, {
          "x-pagination-count": "0",
          "x-pagination-page": "1",
          "x-pagination-pagetotal": "0",
          "x-pagination-pagesize": "30",
        });
      }
    }),
    ["empty-list"],
  ],
  [
    "counts that disagree with the body",
    rewrite((answer) => {
      const items = JSON.parse(answer.body || "null") as unknown;
      if (Array.isArray(items) && items.length > 1) answer.body = JSON.stringify(items.slice(1));
    }),
    // A walk reads fewer items than X-Pagination-Count says.
    ["headers-agree", "walks"],
  ],
  [
    "errors that are not problem details",
    rewrite((answer) => {
      if (answer.headers["content-type"] === "application/problem+json")
        answer.headers["content-type"] = "application/json";
    }),
    ["problem-json"],
  ],
  [
    "CORS that hides Link",
    rewrite(({ headers: h }) => {
      if (h["access-control-expose-headers"])
        h["access-control-expose-headers"] = h["access-control-expose-headers"].replace(
          "Link, ",
          "",
        );
    }),
    ["cors"],
  ],
];

describe("broken servers", () => {
  let origin = "";
  beforeAll(async () => {
    origin = await start("fastify");
  });

  it.each(BREAKS)("fails %s, and only that", async (_, transform, expected) => {
    const proxy = await startRewritingProxy(origin, transform);
    proxies.push(proxy);
    const report = await runChecks(proxy.url + FILTERED, options(proxy.url), headers);
    expect(failing(report)).toStrictEqual(expected);
  });
});
