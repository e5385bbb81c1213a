/**
 * `runChecks` against the example servers (Fastify, Express, fetch; memory store), which keep
 * every rule, on a page list and the cursor list; and against broken servers, the example behind
 * a proxy that breaks one rule each: exactly the checks that rule belongs to fail.
 * Then list servers written without pagewise (test/support/convention-server.ts): each legal
 * way of keeping the convention fails no check, and each break fails exactly its checks.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Start, Started } from "../../../examples/package-store/started.js";
import type { CheckOptions } from "../../../src/cli/check/check-context.js";
import { runChecks } from "../../../src/cli/check/run-checks.js";
import { type Convention, startConventionServer } from "../../support/convention-server.js";
import { exampleConfig } from "../../support/example-config.js";
import { EXAMPLE_SERVERS } from "../../support/example-servers.js";
import { type RewritingProxy, startRewritingProxy, type Transform } from "../rewriting-proxy.js";

const KEY = "check-key";
const config = exampleConfig(KEY);
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
const started: Started[] = [];
const proxies: RewritingProxy[] = [];

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(started.map((server) => server.close()));
});

async function start(name: string): Promise<string> {
  const server = await (EXAMPLE_SERVERS[name] as Start)({ ...config, store: { kind: "memory" } });
  started.push(server);
  return server.url;
}

const failing = (report: Awaited<ReturnType<typeof runChecks>>) =>
  report.checks.filter((check) => check.outcome === "fail").map((check) => check.name);

describe.concurrent.each(Object.keys(EXAMPLE_SERVERS))("the example server on %s", (name) => {
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

/* Servers written without pagewise. */

const HAND_LIST = "/items/?page_size=2&color=red";
const handOptions = (origin: string): CheckOptions => ({
  empty: `${origin}/items/?q=none`,
  key: "id",
  maxPages: 50,
  write: true,
  apiKeyHeader: "X-Api-Key",
  apiKeyGiven: false,
});

/** The run's report on the list of a server keeping `convention`. */
async function reportOn(convention: Convention) {
  const server = await startConventionServer(convention);
  try {
    return await runChecks(server.url + HAND_LIST, handOptions(server.url), {});
  } finally {
    await server.close();
  }
}

/** The kind the run told, and the checks that failed. */
async function verdict(convention: Convention): Promise<[string, string[]]> {
  const report = await reportOn(convention);
  const failed = report.checks.filter((check) => check.outcome === "fail");
  return [report.kind, failed.map((check) => check.name)];
}

describe("a server that keeps the convention its own way", () => {
  it.each<[string, Convention]>([
    ["as written", {}],
    ["refusing a page size over the maximum", { overMax: "refuse" }],
    ["with absolute links", { absoluteLinks: true }],
    ["with links last to first", { reversedLinks: true }],
    ["with relations besides the spec's", { extraRels: ["self", "alternate"] }],
    ["without CORS", { cors: false }],
    ["clamping page_size=0 to 1", { zeroSize: "clamp" }],
    ["serving a page past the last as the last", { pastEnd: "last" }],
  ])("%s fails no check", async (_, convention) => {
    expect(await verdict(convention)).toStrictEqual(["counted", []]);
  });
});

/** Edits of every answer's headers that break one rule. */
const edit =
  (
    change: (headers: Record<string, string>, last: boolean) => void,
  ): NonNullable<Convention["edit"]> =>
  (headers, served) =>
    change(headers, served.page === served.pageTotal);

describe("a server that breaks a rule", () => {
  it.each<[string, Convention, string[]]>([
    [
      "a next link on the last page",
      {
        edit: edit((headers, last) => {
          if (last) headers.Link += `, </items/?page_size=2&color=red&page=4>; rel="next"`;
        }),
      },
      ["links", "walks"],
    ],
    [
      "X-Pagination-PageTotal 0 on a list with items",
      { edit: edit((headers) => Object.assign(headers, { "X-Pagination-PageTotal": "0" })) },
      ["headers-agree", "walks"],
    ],
    [
      "links on another path",
      {
        edit: edit((headers) =>
          Object.assign(headers, { Link: headers.Link?.replaceAll("/items/", "/other/") }),
        ),
      },
      ["links", "walks"],
    ],
    [
      "links on another origin",
      {
        edit: edit((headers) =>
          Object.assign(headers, {
            Link: headers.Link?.replaceAll("</items/", "<http://elsewhere.invalid/items/"),
          }),
        ),
      },
      ["links", "walks"],
    ],
    ["a default page size over the maximum", { defaultSize: 6, maxSize: 4 }, ["page-size"]],
    [
      "no X-Pagination-Page",
      { edit: edit((headers) => delete headers["X-Pagination-Page"]) },
      // Without a page number the links have no page math to be held to: only the headers fail.
      ["headers-agree", "page-fallback"],
    ],
    [
      "no X-Pagination-Count",
      { edit: edit((headers) => delete headers["X-Pagination-Count"]) },
      ["headers-agree"],
    ],
  ])("%s fails exactly its checks", async (_, convention, failed) => {
    expect(await verdict(convention)).toStrictEqual(["counted", failed]);
  });
});

const SPEC_DEFAULT = "the spec's default is 30 (section 8)";

describe("page-size on a server written by hand", () => {
  it.each<[string, Convention, string[], string[]]>([
    [
      "as written",
      {},
      [],
      ["default 3", "maximum 5: page_size=1000000 is clamped to it", SPEC_DEFAULT],
    ],
    [
      "clamping page_size=0 to 1",
      { zeroSize: "clamp" },
      [],
      [
        "default 3",
        "maximum 5: page_size=1000000 is clamped to it",
        "page_size=0 is clamped to 1",
        SPEC_DEFAULT,
      ],
    ],
    [
      "refusing over the maximum",
      { overMax: "refuse" },
      [],
      [
        "default 3",
        "maximum 5: a larger page_size is refused with 400 (found in 20 requests)",
        SPEC_DEFAULT,
      ],
    ],
    [
      "a default over the maximum",
      { defaultSize: 6, maxSize: 4 },
      [
        "page_size=0 answered 200 with X-Pagination-PageSize 4: neither the default 6, 1 (clamped) nor refused",
        "the default 6 is over the maximum 4",
      ],
      [
        "default 6",
        "maximum 4: page_size=1000000 is clamped to it",
        "the spec's default is 30 (section 8)",
      ],
    ],
  ])("%s", async (_, convention, problems, notes) => {
    const check = (await reportOn(convention)).checks.find((each) => each.name === "page-size");
    expect([check?.problems, check?.notes]).toStrictEqual([problems, notes]);
  });
});

describe("problem-json on a server written by hand", () => {
  const TEXT = "as text/plain, not application/problem+json";
  it.each<[string, Convention, number, string | undefined]>([
    ["errors as problem details", {}, 0, undefined],
    // The page past the end (404) and the one write (405).
    ["errors as text", { errorType: "text/plain" }, 2, TEXT],
    [
      "errors as text, the maximum found by halving",
      { errorType: "text/plain", overMax: "refuse" },
      6,
      "… and 16 more error answers like these",
    ],
  ])("%s", async (_, convention, length, last) => {
    const check = (await reportOn(convention)).checks.find((each) => each.name === "problem-json");
    const problems = check?.problems ?? [];
    expect([problems.length, problems.at(-1)?.slice(-TEXT.length)]).toStrictEqual([
      length,
      last?.slice(-TEXT.length),
    ]);
  });
});

describe("a next link that never ends", () => {
  it("fails walks when the walk reads more items than the count, though stopped at --max-pages", async () => {
    const server = createServer((request, response) => {
      const page = Number(new URL(request.url ?? "/", "http://h").searchParams.get("page") ?? 1);
      response.writeHead(200, {
        "Content-Type": "application/json",
        Link: `</items/?page=${page + 1}>; rel="next"`,
        "X-Pagination-PageSize": "1",
        "X-Pagination-Count": "3",
      });
      response.end(JSON.stringify([{ id: page }]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const report = await runChecks(
        `${origin}/items/`,
        { ...handOptions(origin), maxPages: 5 },
        {},
      );
      const walks = report.checks.find((check) => check.name === "walks");
      expect([report.kind, walks?.problems]).toStrictEqual([
        "cursor",
        ["by links: 5 items, X-Pagination-Count says 3"],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("counts said in the singular when 1", () => {
  it("says 1 page of a one-page list, and 1 error answer", async () => {
    const report = await reportOn({ count: 2, pastEnd: "last" });
    const notes = (name: string) => report.checks.find((check) => check.name === name)?.notes;
    expect([notes("walks"), notes("problem-json")]).toStrictEqual([
      ["by links: 1 page, 2 items", "by page numbers: 1 page, 2 items"],
      ["1 error answer read"],
    ]);
  });
});

describe("the requests a run sends", () => {
  it("are at most 40 besides its two walks, met on a list that makes every check ask its most", async () => {
    // Page 3 of 7 given (three more sample pages), page_size over the maximum refused (found by
    // halving), an empty list, a wrong key, a write and CORS.
    const server = await startConventionServer({ overMax: "refuse" });
    let sent = 0;
    const counting = ((input, init) => {
      sent += 1;
      return fetch(input, init);
    }) as typeof fetch;
    try {
      const url = `${server.url}/items/?page_size=1&page=3&color=red`;
      const options = { ...handOptions(server.url), apiKeyGiven: true };
      const report = await runChecks(url, options, {}, counting);
      const walks = report.checks.find((check) => check.name === "walks")?.notes;
      expect([walks, sent - 14]).toStrictEqual([
        ["by links: 7 pages, 7 items", "by page numbers: 7 pages, 7 items"],
        40,
      ]);
    } finally {
      await server.close();
    }
  });
});
