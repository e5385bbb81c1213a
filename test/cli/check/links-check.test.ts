/**
 * Lists that paginate by `Link` alone, without the spec's `X-Pagination-*` headers (Grape with
 * api-pagination, Django REST framework's Link-header pagination, json-server 0.17): each is told
 * as a countless list (not a counted one), its links are held to what the spec says of them
 * without a page total (`first` wherever another page is linked, page 1 included: spec 4.3), no
 * link is said to be "served at undefined", and json-server's own `_page` is no filter. A
 * countless list of pagewise's own keeps those rules.
 */
import { describe, expect, it } from "vitest";
import { fetchRouter } from "../../../src/adapters/fetch/index.js";
import { runChecks } from "../../../src/cli/check/run-checks.js";
import { defineResource, list } from "../../../src/index.js";
import { type ForeignShape, startForeignServer } from "./foreign-list-server.js";

const NO_FIRST =
  'no rel="first" (spec 4.3: present when there is more than one page, page 1 included)';
const COUNTLESS =
  "a countless list: no page total to count the relations by; first wherever another page is linked";

const OPTIONS = {
  empty: undefined,
  key: "id",
  maxPages: 50,
  write: false,
  apiKeyHeader: "X-Api-Key",
  apiKeyGiven: false,
};

describe("a list with only links", () => {
  it.each<[string, ForeignShape, string, (url: string) => string[], string[]]>([
    [
      "Grape + api-pagination: page 1 links last and next, not first",
      "grape",
      "/items?per_page=2&color=red",
      (url) => [`${url}: ${NO_FIRST}`],
      [COUNTLESS],
    ],
    [
      "Django REST framework: next and prev alone, page_size kept in them",
      "drf",
      "/items?page_size=2&color=red",
      (url) => [`${url}: ${NO_FIRST}`],
      [COUNTLESS],
    ],
    [
      "json-server 0.17: its _page set by its links, a note",
      "json-server",
      "/items?_page=1&_limit=2&color=red",
      () => [],
      [
        "_page=1 is not kept: a pagination parameter of another convention, not a filter",
        COUNTLESS,
      ],
    ],
  ])("%s", async (_, shape, path, problems, notes) => {
    const server = await startForeignServer(shape);
    try {
      const url = server.url + path;
      const report = await runChecks(url, OPTIONS, {});
      const links = report.checks.find((check) => check.name === "links");
      expect([report.kind, links?.problems, links?.notes]).toStrictEqual([
        "countless",
        problems(url),
        notes,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("a countless list of pagewise's own", () => {
  it("keeps the links rules, first on every page with another", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const items = defineResource("/items/", {
      GET: list({
        handler: ({ pageParams: { page, pageSize } }) => {
          const start = (page - 1) * pageSize;
          return { items: rows.slice(start, start + pageSize), hasMore: start + pageSize < 7 };
        },
      }),
    });
    const handle = fetchRouter([["/items/", items]]);
    const fetcher = (async (input: string | URL | Request, init?: RequestInit) =>
      handle(new Request(input, init))) as typeof fetch;
    const report = await runChecks("http://h/items/?page_size=2", OPTIONS, {}, fetcher);
    const links = report.checks.find((check) => check.name === "links");
    expect([report.kind, links?.outcome, links?.problems]).toStrictEqual(["countless", "pass", []]);
  });
});
