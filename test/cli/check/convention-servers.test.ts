/**
 * `runChecks` against list servers written without pagewise (test/support/convention-server.ts):
 * each legal way of keeping the convention fails no check, and each break fails exactly the checks
 * its rule belongs to.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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

/** The run's report on the list of a server keeping `convention`. */
async function reportOn(convention: Convention) {
  const server = await startConventionServer(convention);
  try {
    return await runChecks(server.url + LIST, options(server.url), {});
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
    // The page past the end (404) and the two writes (405).
    ["errors as text", { errorType: "text/plain" }, 3, TEXT],
    [
      "errors as text, the maximum found by halving",
      { errorType: "text/plain", overMax: "refuse" },
      6,
      "… and 17 more error answers like these",
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
      const report = await runChecks(`${origin}/items/`, { ...options(origin), maxPages: 5 }, {});
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
