/**
 * The example's cursor list, `GET /v2/package/{owner}/{repo}/`, over the wire on every server and
 * store: exact headers and bodies, walks forward and back, filters kept, page sizes read as in
 * page mode, and every kind of bad token a 400 problem.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Start, Started } from "../../examples/package-store/started.js";
import { walkItems } from "../../src/client/index.js";
import { cursorCodec } from "../../src/cursor/index.js";
import { exampleConfig } from "../support/example-config.js";
import { EXAMPLE_SERVERS, serverCases } from "../support/example-servers.js";
import { call, recordExchanges } from "../support/http-call.js";
import { nonConforming } from "../support/openapi-conformance.js";
import { freshStore } from "../support/stores.js";

const exchanges = recordExchanges();
const KEY = "cursor-key";
const SECRET = "s".repeat(32);
const config = exampleConfig(KEY, { cursorSecret: SECRET });
const key = { "x-api-key": KEY };
const TOKEN = "[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A Link header of these rels, each URL `path` plus its query (`after=` and `before=` any token). */
const linkPattern = (path: string, rels: [string, string][]) =>
  new RegExp(
    `^${rels
      .map(
        ([rel, query]) =>
          `<${escaped(`${path}?${query}`).replace(/(after|before)=TOKEN/, `$1=${TOKEN}`)}>; rel="${rel}"`,
      )
      .join(", ")}$`,
  );
const linkOf = (header: string | undefined, rel: string) =>
  new RegExp(`<([^>]*)>; rel="${rel}"`).exec(header ?? "")?.[1];
const ids = (body: unknown) => (body as { id: number }[]).map((p) => p.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.each(serverCases())("cursor list on %s, %s store", (name, kind) => {
  let server: Started;
  let origin = "";
  const get = (path: string) => call(origin, { path, headers: key });

  beforeAll(async () => {
    server = await (EXAMPLE_SERVERS[name] as Start)({ ...config, store: await freshStore(kind) });
    origin = server.url;
  });
  afterAll(() => server.close());

  it("serves the first page: first and next links, the count and the page size", async () => {
    const answer = await get("/v2/package/demo/tools/?page_size=2");
    expect(answer).toStrictEqual({
      status: 200,
      headers: {
        allow: "GET, OPTIONS",
        "content-type": "application/json",
        link: expect.stringMatching(
          linkPattern("/v2/package/demo/tools/", [
            ["first", "page_size=2"],
            ["next", "page_size=2&after=TOKEN"],
          ]),
        ),
        "x-pagination-count": "120",
        "x-pagination-pagesize": "2",
      },
      body: [
        expect.objectContaining({ id: 1, name: "pkg-001", status: "awaiting_sync" }),
        expect.objectContaining({ id: 2, name: "pkg-002", status: "sync_in_progress" }),
      ],
    });
  });

  it("serves a middle page with all three links, a filter kept in each", async () => {
    const first = await get("/v2/package/demo/tools/?status=failed&page_size=3");
    const second = await call(origin, {
      path: linkOf(first.headers.link, "next") as string,
      headers: key,
    });
    expect([second.status, second.headers, ids(second.body)]).toStrictEqual([
      200,
      {
        allow: "GET, OPTIONS",
        "content-type": "application/json",
        link: expect.stringMatching(
          linkPattern("/v2/package/demo/tools/", [
            ["first", "status=failed&page_size=3"],
            ["prev", "status=failed&page_size=3&before=TOKEN"],
            ["next", "status=failed&page_size=3&after=TOKEN"],
          ]),
        ),
        "x-pagination-count": "24",
        "x-pagination-pagesize": "3",
      },
      [19, 24, 29],
    ]);
  });

  it("walks forward to the end and back to the start: every package once, in order", async () => {
    const forward: number[] = [];
    let path: string | undefined = "/v2/package/demo/tools/?page_size=7";
    let last: Awaited<ReturnType<typeof get>> | undefined;
    while (path !== undefined) {
      last = await get(path);
      forward.push(...ids(last.body));
      path = linkOf(last.headers.link, "next");
    }
    expect(forward).toStrictEqual(range(1, 120));
    const backward: number[][] = [ids(last?.body)];
    path = linkOf(last?.headers.link, "prev");
    while (path !== undefined) {
      const page = await get(path);
      backward.unshift(ids(page.body));
      path = linkOf(page.headers.link, "prev");
    }
    expect(backward.flat()).toStrictEqual(range(1, 120));
    expect(backward.slice(0, 2).map((page) => page.length)).toStrictEqual([7, 7]);
  });

  it("is walked by the client as a page list is, its page size kept", async () => {
    const walked: number[] = [];
    for await (const item of walkItems<{ id: number }>(
      `${origin}/v2/package/demo/tools/?status=completed`,
      { apiKey: KEY, pageSize: 5 },
    )) {
      walked.push(item.id);
    }
    expect(walked).toStrictEqual(range(0, 23).map((i) => 3 + i * 5));
  });

  it.each([
    ["a:b", "colon"],
    ["a%3Ab", "escaped"],
    ["o'r[1]", "marks"],
  ])(
    "is walked to the end in a repository of %s (its links escape what the request did not)",
    async (owner, repo) => {
      const created = await call(origin, {
        method: "POST",
        path: `/package/${owner}/${repo}/`,
        headers: { ...key, "content-type": "application/json" },
        body: JSON.stringify([1, 2, 3].map((n) => ({ name: `p${n}`, version: "1" }))),
      });
      expect(created.status).toBe(201);
      const walked: string[] = [];
      for await (const item of walkItems<{ name: string }>(
        `${origin}/v2/package/${owner}/${repo}/?page_size=1`,
        { apiKey: KEY },
      )) {
        walked.push(item.name);
      }
      expect(walked).toStrictEqual(["p1", "p2", "p3"]);
    },
  );

  it.each([
    ["", "30", 30],
    ["page_size=0", "30", 30],
    ["page_size=abc", "30", 30],
    ["page_size=501", "500", 120],
    ["page_size=120", "120", 120],
  ])("reads ?%s as a page size of %s", async (query, size, rows) => {
    const answer = await get(`/v2/package/demo/tools/?${query}`);
    expect([
      answer.status,
      answer.headers["x-pagination-pagesize"],
      (answer.body as unknown[]).length,
      answer.headers.link === undefined ? "no link" : linkOf(answer.headers.link, "first"),
    ]).toStrictEqual([
      200,
      size,
      rows,
      rows === 120 ? "no link" : `/v2/package/demo/tools/?page_size=${size}`,
    ]);
  });

  it("lists an unknown repository as an empty page, with its count and size", async () => {
    expect(await get("/v2/package/nobody/nothing/")).toStrictEqual({
      status: 200,
      headers: {
        allow: "GET, OPTIONS",
        "content-type": "application/json",
        "x-pagination-count": "0",
        "x-pagination-pagesize": "30",
      },
      body: [],
    });
  });

  it("exposes its headers to other origins, and allows GET and OPTIONS only", async () => {
    const answer = await call(origin, {
      path: "/v2/package/demo/tools/",
      headers: { ...key, origin: "https://browser.example" },
    });
    const post = await call(origin, {
      method: "POST",
      path: "/v2/package/demo/tools/",
      headers: { ...key, "content-type": "application/json" },
      body: "{}",
    });
    expect([
      answer.headers["access-control-allow-origin"],
      answer.headers["access-control-expose-headers"],
      post.status,
      post.headers.allow,
    ]).toStrictEqual([
      "*",
      "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize, X-Pagination-CountAtLeast, X-Pagination-CountEstimate",
      405,
      "GET, OPTIONS",
    ]);
  });

  describe("refuses a token it did not issue for this query", () => {
    let next = "";
    let failedNext = "";
    beforeAll(async () => {
      const all = await get("/v2/package/demo/tools/?page_size=2");
      next = new URL(linkOf(all.headers.link, "next") as string, origin).searchParams.get(
        "after",
      ) as string;
      const failed = await get("/v2/package/demo/tools/?status=failed&page_size=2");
      failedNext = new URL(linkOf(failed.headers.link, "next") as string, origin).searchParams.get(
        "after",
      ) as string;
    });
    const flip = (token: string, at: number) =>
      token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
    const foreign = () => cursorCodec("another secret, long enough to use!").encode([2], "x");
    const invalid = (parameter: string) => ({
      code: "invalid_cursor",
      detail: `Parameter "${parameter}" is not a cursor this server issued; start again from the first page.`,
      parameter,
    });
    const mismatch = (parameter: string) => ({
      code: "cursor_query_mismatch",
      detail: `Parameter "${parameter}" belongs to a list with other filters or another order; start again from the first page.`,
      parameter,
    });
    it.each<[string, () => Promise<string> | string, object]>([
      ["junk", () => "after=abc", invalid("after")],
      ["junk before", () => "before=%FF%FE", invalid("before")],
      ["a tampered body", () => `after=${flip(next, 5)}`, invalid("after")],
      ["a tampered signature", () => `after=${flip(next, next.length - 2)}`, invalid("after")],
      ["another secret's", async () => `after=${await foreign()}`, invalid("after")],
      ["another filter's", () => `after=${failedNext}`, mismatch("after")],
      [
        "the unfiltered list's, sent with a filter",
        () => `status=failed&after=${next}`,
        mismatch("after"),
      ],
      ["a repeated after", () => `after=${next}&after=${next}`, invalid("after")],
      [
        "one past the size limit",
        () => `after=${"a".repeat(2049)}`,
        {
          code: "cursor_too_large",
          detail:
            'Parameter "after" is longer than 2048 characters, longer than any cursor this server issues.',
          parameter: "after",
        },
      ],
      [
        "after and before at once",
        () => `after=${next}&before=${next}`,
        {
          code: "invalid_parameter",
          detail: 'Give "after" or "before", not both.',
          parameter: "before",
        },
      ],
    ])("%s: 400 problem+json", async (_name, query, problem) => {
      const answer = await get(`/v2/package/demo/tools/?${await query()}`);
      expect([answer.status, answer.headers["content-type"], answer.body]).toStrictEqual([
        400,
        "application/problem+json",
        { type: "about:blank", title: "Bad Request", status: 400, ...problem },
      ]);
    });

    it("takes a token with a parameter the list's schema does not read: the same list", async () => {
      const answer = await get(`/v2/package/demo/tools/?after=${next}&repo=x`);
      const same = await get(`/v2/package/demo/tools/?after=${next}`);
      expect([answer.status, answer.body]).toStrictEqual([200, same.body]);
    });

    it("refuses another repository's token in that repository's list", async () => {
      await call(origin, {
        method: "POST",
        path: "/package/other/tools/",
        headers: { ...key, "content-type": "application/json" },
        body: '{"name":"a","version":"1"}',
      });
      const answer = await get(`/v2/package/other/tools/?after=${next}`);
      expect([answer.status, (answer.body as { code: string }).code]).toStrictEqual([
        400,
        "cursor_query_mismatch",
      ]);
    });
  });

  // Last in this block: every exchange above, checked against the document the server serves.
  it("answers only as its OpenAPI document (GET /openapi.json) describes", async () => {
    const document = (await call(origin, { path: "/openapi.json" })).body;
    const mine = exchanges.filter((exchange) => exchange.origin === origin);
    expect(mine.length).toBeGreaterThan(20);
    expect(nonConforming(document, mine)).toStrictEqual([]);
  });
});
