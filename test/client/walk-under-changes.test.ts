/**
 * Walks of lists that change under them, served by pagewise itself: the cases an outside review
 * found, one a row, and a model-based property (fast-check) over every kind of count, page sizes,
 * overflow policies, list orders and changes anywhere in the list, as each page request arrives
 * or between the pages the caller gets: every row that stayed in the list is yielded exactly once.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fetchHandler } from "../../src/adapters/fetch/index.js";
import { type FetchedPage, type WalkOptions, walkPages } from "../../src/client/index.js";
import { defineResource, headerNamePresets, list, type ResourceOptions } from "../../src/index.js";

type Row = { readonly id: number; readonly [field: string]: unknown };
type CountKind = "capped" | "estimated" | "countless" | "exact" | "deferred";

/** A list handler's count for `rows`, of one kind (a cap of `cap`). */
const countOf = (kind: CountKind, rows: readonly Row[], cap: number): object => {
  if (kind === "countless") return {};
  if (kind === "exact") return { count: rows.length };
  if (kind === "estimated") return { count: { estimate: rows.length + 3 } };
  if (kind === "deferred") {
    // Asked for only when the page does not tell the total; capped like a search's.
    return {
      count: { whenNeeded: () => (rows.length > cap ? { atLeast: cap + 1 } : rows.length) },
    };
  }
  return { count: rows.length > cap ? { atLeast: cap + 1 } : rows.length };
};

/** A pagewise server over `rows` (read at each request); `arrive` runs as each request arrives. */
const serverOver = (
  rows: Row[],
  kind: CountKind,
  options: ResourceOptions & { cap?: number; arrive?: (url: URL) => void } = {},
) => {
  const { cap = 5, arrive, ...resourceOptions } = options;
  const serve = fetchHandler(
    defineResource(
      {
        GET: list({
          handler: (() => ({
            ...countOf(kind, rows, cap),
            items: ({ offset, limit }: { offset: number; limit: number }) =>
              rows.slice(offset, offset + limit),
          })) as never,
        }),
      },
      resourceOptions,
    ),
  );
  const urls: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url.search);
    arrive?.(url);
    return serve(new Request(url));
  }) as typeof fetch;
  return { fetcher, urls };
};

const rowsOf = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

/** Walks; `between(page, round)` runs after each page yielded. Ids, changes, and the error. */
const walk = async (
  start: string,
  fetcher: typeof fetch,
  between: (page: FetchedPage<Row>, round: number) => void = () => {},
  options: WalkOptions<Row> = {},
) => {
  const walked: number[] = [];
  const changes: string[] = [];
  let round = 0;
  for await (const page of walkPages<Row>(start, {
    fetch: fetcher,
    onListChange: (change) => changes.push(new URL(change.url).search),
    ...options,
  })) {
    walked.push(...page.items.map((row) => row.id));
    between(page, round++);
  }
  return { walked, changes };
};

/** A walk's `between` that changes the list once, after the first page. */
const afterFirstPage =
  (change: () => void) =>
  (_page: FetchedPage<Row>, round: number): void => {
    if (round === 0) change();
  };

/**
 * A hand-written server of 10-row pages with a count and a page total: pages numbered from
 * `first`, `X-Pagination-Page` the page's number (`"same"`), one less (`"one less"`), or not sent;
 * next links while a page follows. Every URL asked for is recorded.
 */
const numberedServer = (
  rows: readonly Row[],
  first: 0 | 1,
  pageHeader: "same" | "one less" | "none",
) => {
  const urls: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url.search);
    const page = Number(url.searchParams.get("page") ?? first);
    const total = Math.ceil(rows.length / 10);
    const headers = new Headers({
      "X-Pagination-Count": String(rows.length),
      "X-Pagination-PageTotal": String(total),
    });
    if (pageHeader !== "none") {
      headers.set("X-Pagination-Page", String(pageHeader === "same" ? page : page - 1));
    }
    if (page - first < total - 1) {
      headers.set("Link", `<?page=${page + 1}&page_size=10>; rel="next"`);
    }
    const offset = (page - first) * 10;
    return new Response(JSON.stringify(rows.slice(offset, offset + 10)), { headers });
  }) as typeof fetch;
  return { fetcher, urls };
};

/** The ids of `stayed` not walked, and the ids walked twice. */
const tally = (stayed: readonly Row[], walked: readonly number[]) => ({
  missing: stayed.map((row) => row.id).filter((id) => !walked.includes(id)),
  repeated: walked.filter((id, i) => walked.indexOf(id) !== i),
});
const CLEAN = { missing: [], repeated: [] };

describe("walks of changing lists: the outside review's cases", () => {
  it.each<[string, number, number, number]>([
    ["11 rows before the edge, pages of 10 (more than a page)", 50, 10, 11],
    ["25 rows before the edge, pages of 10", 50, 10, 25],
    ["2 rows before the edge, pages of 1", 2, 1, 2],
  ])(
    "a newest-first capped list grown by %s: every old row once",
    async (_name, size, pageSize, grown) => {
      const rows = rowsOf(1, size).reverse();
      const { fetcher } = serverOver(rows, "capped");
      const { walked, changes } = await walk(
        `http://api.test/items/?page_size=${pageSize}`,
        fetcher,
        afterFirstPage(() => rows.unshift(...rowsOf(1001, 1000 + grown))),
      );
      expect([tally(rowsOf(1, size), walked), changes.length]).toStrictEqual([CLEAN, 1]);
    },
  );

  it.each<[string, number, string]>([
    ["past the next page (a 404 there)", 2, "?page=2&page_size=1"],
    ["onto the next page", 1, "?page=2&page_size=1"],
  ])(
    "overflow 'error', a list that shrank %s: the walk ends with every row that stayed, and says so",
    async (_name, deleted, shown) => {
      const rows = rowsOf(1, 3);
      const { fetcher } = serverOver(rows, "countless", { overflow: "error" });
      const { walked, changes } = await walk(
        "http://api.test/items/?page_size=1",
        fetcher,
        afterFirstPage(() => rows.splice(0, deleted)),
      );
      expect([tally(rows, walked), changes]).toStrictEqual([CLEAN, [shown]]);
    },
  );

  it("an edge answered 404 by a pagewise server that reads another page-size parameter: no check, no row lost", async () => {
    const rows = Array.from({ length: 35 }, (_, i) => ({ v: i % 10 })) as unknown as Row[];
    const { fetcher } = serverOver(rows, "countless", {
      overflow: "error",
      pageSizeParam: "per_page",
      linkParams: "all",
    });
    const pages = [];
    for await (const page of walkPages<{ v: number }>("http://api.test/items/?per_page=10", {
      fetch: fetcher,
    })) {
      pages.push(page.items.length);
    }
    expect(pages).toStrictEqual([10, 10, 10, 5]);
  });

  it.each<[string, number]>([
    ["a 404 without a problem body", 404],
    ["a 500", 500],
  ])("an edge request answered with %s is no check: every row once", async (_name, status) => {
    const rows = rowsOf(1, 25);
    const fetcher = (async (input: string | URL | Request) => {
      const url = new URL(String(input));
      if (url.searchParams.get("page_size") === "1") return new Response("no", { status });
      const page = Number(url.searchParams.get("page") ?? 1);
      const headers = new Headers({
        "X-Pagination-Page": String(page),
        "X-Pagination-PageSize": "10",
      });
      if (page < 3) headers.set("Link", `<?page=${page + 1}&page_size=10>; rel="next"`);
      return new Response(JSON.stringify(rows.slice((page - 1) * 10, page * 10)), { headers });
    }) as typeof fetch;
    const { walked, changes } = await walk("http://api.test/items/?page_size=10", fetcher);
    expect([walked, changes]).toStrictEqual([rowsOf(1, 25).map((row) => row.id), []]);
  });

  it("rows deleted while the page is in flight (the edge is read after it): made up for", async () => {
    const rows = rowsOf(1, 30);
    const { fetcher } = serverOver(rows, "countless", {
      arrive: (url) => {
        if (url.searchParams.get("page") === "2" && rows[0]?.id === 1) rows.splice(0, 3);
      },
    });
    const { walked, changes } = await walk("http://api.test/items/?page_size=10", fetcher);
    expect([tally(rows, walked), changes]).toStrictEqual([CLEAN, ["?page=2&page_size=10"]]);
  });

  it("a row updated (not moved) during the walk is one row: by its id, or by rowKey", async () => {
    const named = (id: number) => ({ id, name: `p${id}`, status: "new" });
    for (const options of [{}, { rowKey: (row: Row) => row.name }] as WalkOptions<Row>[]) {
      const rows = Array.from({ length: 25 }, (_, i) => named(i + 1));
      const { fetcher } = serverOver(rows, "countless");
      const { walked, changes } = await walk(
        "http://api.test/items/?page_size=10",
        fetcher,
        afterFirstPage(() => (rows[9] = { ...named(10), status: "done" })),
        options,
      );
      expect([walked, changes]).toStrictEqual([rowsOf(1, 25).map((row) => row.id), []]);
    }
  });

  it("a server that numbers pages from 0 is not checked: no change reported, every row once", async () => {
    const rows = rowsOf(1, 35);
    const fetcher = (async (input: string | URL | Request) => {
      const page = Number(new URL(String(input)).searchParams.get("page") ?? 0);
      const headers = new Headers({
        "X-Pagination-Page": String(page),
        "X-Pagination-PageSize": "10",
      });
      if (page < 3) headers.set("Link", `<?page=${page + 1}&page_size=10>; rel="next"`);
      return new Response(JSON.stringify(rows.slice(page * 10, page * 10 + 10)), { headers });
    }) as typeof fetch;
    const urls: string[] = [];
    const recorded = ((input: string | URL | Request) => {
      urls.push(new URL(String(input)).search);
      return fetcher(input);
    }) as typeof fetch;
    const { walked, changes } = await walk("http://api.test/items/?page_size=10", recorded);
    expect([walked, changes, urls.length]).toStrictEqual([rowsOf(1, 35).map((r) => r.id), [], 4]);
  });

  it("checkEdges 'always' with concurrency over 1 is a TypeError when the walk is made", () => {
    expect(() =>
      walkPages("http://api.test/items/", { checkEdges: "always", concurrency: 2 }),
    ).toThrow(
      new TypeError(
        "checkEdges 'always' needs concurrency 1: a concurrent walk fetches pages at once and checks them by their count and page number",
      ),
    );
  });
});

describe("walks of changing lists: the second review's cases", () => {
  /** A countless, pagewise-shaped server of endless 10-row pages: edge rows slow (30 ms), pages 5 ms. */
  const slowEdges = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const size = Number(url.searchParams.get("page_size"));
    const page = Number(url.searchParams.get("page") ?? 1);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, size === 1 ? 30 : 5);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal?.reason);
      });
    });
    const items = Array.from({ length: size }, (_, i) => ({ id: (page - 1) * size + i + 1 }));
    const headers = {
      "X-Pagination-Page": String(page),
      "X-Pagination-PageSize": String(size),
      Link: `<?page=${page + 1}&page_size=${size}>; rel="next"`,
    };
    return new Response(JSON.stringify(items), { headers });
  }) as typeof fetch;

  it.each([
    ["a break", undefined],
    ["the caller's signal", 25],
  ])(
    "%s while an edge row is in flight ends the walk with no unhandled rejection",
    async (_name, abortAfterMs) => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on("unhandledRejection", onUnhandled);
      const controller = new AbortController();
      let pages = 0;
      let error: unknown;
      try {
        for await (const _page of walkPages("http://api.test/items/?page_size=10", {
          fetch: slowEdges,
          signal: controller.signal,
        })) {
          if (++pages === 2 && abortAfterMs === undefined) break;
          if (abortAfterMs !== undefined) setTimeout(() => controller.abort(), abortAfterMs);
        }
      } catch (caught) {
        error = caught;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      process.off("unhandledRejection", onUnhandled);
      const ended = abortAfterMs === undefined ? undefined : (error as Error).name;
      expect([unhandled, ended]).toStrictEqual([
        [],
        abortAfterMs === undefined ? undefined : "AbortError",
      ]);
    },
  );

  it.each<[string, (rows: Row[]) => void]>([
    ["3 rows added at the front", (rows) => rows.unshift(...rowsOf(101, 103))],
    ["rows 2 to 4 deleted", (rows) => rows.splice(1, 3)],
  ])(
    "a concurrent walk of a counted list, %s as page 3 is asked for: every row that stayed once",
    async (_name, changeIt) => {
      const rows = rowsOf(1, 8);
      const { fetcher } = serverOver(rows, "exact", {
        arrive: (url) => {
          if (url.searchParams.get("page") === "3" && rows.some((row) => row.id === 2))
            changeIt(rows);
        },
      });
      const stayed = rowsOf(1, 8).filter((row) => rows.some((kept) => kept.id === row.id));
      const { walked, changes } = await walk(
        "http://api.test/items/?page_size=2",
        fetcher,
        () => {},
        {
          concurrency: 2,
        },
      );
      expect([tally(stayed, walked), changes.length > 0]).toStrictEqual([CLEAN, true]);
    },
  );

  it("a concurrent walk of a capped list grown past its cap: no row twice; the change shown by the page that lost its count, then by the count the last page derives", async () => {
    const rows = rowsOf(1, 4);
    const { fetcher } = serverOver(rows, "capped", { cap: 4 });
    const { walked, changes } = await walk(
      "http://api.test/items/?page_size=2",
      fetcher,
      afterFirstPage(() => rows.unshift(...rowsOf(101, 102))),
      { concurrency: 2 },
    );
    expect([tally(rowsOf(1, 4), walked), changes]).toStrictEqual([
      CLEAN,
      ["?page=2&page_size=2", "?page=3&page_size=2"],
    ]);
  });

  it("a concurrent walk that meets a 404 past the end makes up for it as a walk by next links does", async () => {
    const rows = rowsOf(1, 2);
    const { fetcher } = serverOver(rows, "exact", { overflow: "error" });
    const { walked, changes } = await walk(
      "http://api.test/items/?page_size=1",
      fetcher,
      afterFirstPage(() => rows.splice(0, 1)),
      { concurrency: 2 },
    );
    expect([walked, changes]).toStrictEqual([[1, 2], ["?page=2&page_size=1"]]);
  });

  it.each([1, 5])(
    "a counted list whose count rose while rows before the page went (checkEdges 'uncounted', %i deleted): every row that stayed once",
    async (deleted) => {
      const rows = rowsOf(1, 30);
      const { fetcher } = serverOver(rows, "exact");
      const { walked, changes } = await walk(
        "http://api.test/items/?page_size=10",
        fetcher,
        afterFirstPage(() => rows.splice(0, deleted) && rows.push(...rowsOf(101, 101 + deleted))),
      );
      expect([tally(rows, walked), changes]).toStrictEqual([CLEAN, ["?page=2&page_size=10"]]);
    },
  );

  it("onProgress counts the pages yielded in their turn: not the pages read again, nor those fetched ahead", async () => {
    const rows = rowsOf(1, 40);
    const { fetcher } = serverOver(rows, "countless");
    const progress: number[] = [];
    await walk(
      "http://api.test/items/?page_size=10",
      fetcher,
      afterFirstPage(() => rows.splice(0, 3)),
      { onProgress: ({ pages }) => progress.push(pages) },
    );
    expect(progress).toStrictEqual([1, 2, 3, 4]);
  });

  it.each<[CountKind, "empty" | "last"]>([
    ["exact", "empty"],
    ["capped", "last"],
    ["countless", "empty"],
  ])(
    "a %s list emptied during the walk (overflow '%s'): the change is reported",
    async (kind, overflow) => {
      const rows = rowsOf(1, 4);
      const { fetcher } = serverOver(rows, kind, { cap: 2, overflow });
      const { walked, changes } = await walk(
        "http://api.test/items/?page_size=2",
        fetcher,
        afterFirstPage(() => rows.splice(0, 4)),
      );
      expect([walked, changes]).toStrictEqual([[1, 2], ["?page=2&page_size=2"]]);
    },
  );

  it("a server that answers the edge request with its own page size is asked once, not at every page", async () => {
    const rows = rowsOf(1, 50);
    const { fetcher, urls } = serverOver(rows, "countless", { maxPageSize: 100 });
    const fixed = ((input: string | URL | Request) =>
      fetcher(String(input).replace(/page_size=1$/, "page_size=10"))) as typeof fetch;
    const { walked } = await walk("http://api.test/items/?page_size=10", fixed);
    const edges = urls.filter((url) => Number(new URLSearchParams(url).get("page")) >= 10);
    expect([walked, edges]).toStrictEqual([
      rowsOf(1, 50).map((row) => row.id),
      ["?page=10&page_size=10"], // the first edge request, answered at size 10 (past the end)
    ]);
  });
});

describe("walks of changing lists: the third review's cases", () => {
  it("the walk's first edge request answered 404 because the list shrank: the pages are read again, the change reported", async () => {
    const rows = rowsOf(1, 7);
    let n = 0;
    const { fetcher } = serverOver(rows, "countless", {
      overflow: "error",
      arrive: () => {
        n++;
        if (n === 2) rows.splice(0, 1); // as page 2 is asked for: row 1 goes, row 6 moves onto page 1
        if (n === 3) rows.splice(0, 2); // as the edge row (?page=5&page_size=1) is asked for: rows 2, 3 go
      },
    });
    const { walked, changes } = await walk("http://api.test/items/?page_size=5", fetcher);
    expect([tally(rows, walked), changes.length > 0]).toStrictEqual([CLEAN, true]);
  });

  it("the same from page 3 of a capped queue whose oldest rows are deleted", async () => {
    const rows = rowsOf(1, 26);
    let n = 0;
    const { fetcher } = serverOver(rows, "capped", {
      cap: 1,
      overflow: "error",
      arrive: () => {
        n++;
        if (n === 2) rows.splice(0, 1);
        if (n === 3) rows.splice(0, 2);
      },
    });
    const { walked } = await walk("http://api.test/items/?page=3&page_size=8", fetcher);
    expect(
      tally(
        rows.filter((r) => r.id >= 17),
        walked,
      ),
    ).toStrictEqual(CLEAN);
  });

  it.each<[string, "page" | "count", number]>([
    [
      "no X-Pagination-Page, concurrency 1: rows moved onto the start page are read again",
      "page",
      1,
    ],
    ["no X-Pagination-Page, concurrency 3: the same", "page", 3],
    [
      "X-Pagination-PageTotal without -Count, concurrency 3: walked by next links, edge-checked",
      "count",
      3,
    ],
  ])("%s", async (_name, dropped, concurrency) => {
    const rows = rowsOf(1, 30);
    const { fetcher } = serverOver(rows, "exact", {
      headerNames: { ...headerNamePresets.xPagination, [dropped]: null },
    });
    const { walked, changes } = await walk(
      "http://api.test/items/?page_size=10",
      fetcher,
      afterFirstPage(() => rows.splice(0, 3)),
      { concurrency },
    );
    expect([tally(rows, walked), changes.length]).toStrictEqual([CLEAN, 1]);
  });

  it.each<[string, string, 0 | 1, "same" | "one less"]>([
    ["a server numbering pages from 0: page 0 is read again", "?page=0&page_size=10", 0, "same"],
    [
      "an X-Pagination-Page one less than the URL's page: pages are read again by their URL's number",
      "?page_size=10",
      1,
      "one less",
    ],
  ])("%s (an exact count)", async (_name, start, first, pageHeader) => {
    const rows = rowsOf(1, 35);
    const { fetcher } = numberedServer(rows, first, pageHeader);
    const { walked } = await walk(
      `http://api.test/items/${start}`,
      fetcher,
      afterFirstPage(() => rows.splice(0, 3)),
    );
    expect(tally(rows, walked)).toStrictEqual(CLEAN);
  });
});

describe("edge requests and options, after the third review", () => {
  it("edge requests that keep failing are asked three times, then no more", async () => {
    const rows = rowsOf(1, 100);
    const { fetcher, urls } = serverOver(rows, "countless");
    const failing = ((input: string | URL | Request) =>
      /page_size=1$/.test(String(input))
        ? Promise.resolve(new Response("no", { status: 500 }))
        : fetcher(input)) as typeof fetch;
    const recorded: string[] = [];
    const { walked } = await walk("http://api.test/items/?page_size=10", ((
      input: string | URL | Request,
    ) => {
      recorded.push(new URL(String(input)).search);
      return failing(input);
    }) as typeof fetch);
    expect([
      walked,
      recorded.filter((url) => url.endsWith("page_size=1")).length,
      urls.length,
    ]).toStrictEqual([rowsOf(1, 100).map((row) => row.id), 3, 10]);
  });

  it("a next link that leads to no rows (the rows after the edge went): the change is reported", async () => {
    const rows = rowsOf(1, 20);
    const { fetcher } = serverOver(rows, "countless");
    const { walked, changes } = await walk(
      "http://api.test/items/?page_size=10",
      fetcher,
      afterFirstPage(() => rows.splice(10, 10)),
    );
    expect([walked, changes]).toStrictEqual([
      rowsOf(1, 10).map((row) => row.id),
      ["?page=2&page_size=10"],
    ]);
  });

  it.each<[WalkOptions, string]>([
    [{ pageParam: "" }, 'pageParam must be a parameter name (text, not empty); got a string ("")'],
    [
      { pageSizeParam: "" },
      'pageSizeParam must be a parameter name (text, not empty); got a string ("")',
    ],
    [
      { pageParam: "n", pageSizeParam: "n" },
      'pageParam and pageSizeParam must differ; both are "n"',
    ],
    [{ pageSizeParam: "page" }, 'pageParam and pageSizeParam must differ; both are "page"'],
  ])("%j is a TypeError when the walk is made", (options, message) => {
    expect(() => walkPages("http://api.test/items/", options)).toThrow(new TypeError(message));
  });
});

describe("the fourth and fifth reviews' cases", () => {
  it.each<[string, (page: number) => string]>([
    ["by page number", (page) => `<?page=${page + 1}>; rel="next"`],
    ["by offset", (page) => `<?offset=${page * 10}&limit=10>; rel="next"`],
  ])(
    "a server without pagination headers that links on from a full last page (%s): no change, no page read again",
    async (_name, link) => {
      const rows = rowsOf(1, 20);
      const urls: string[] = [];
      const fetcher = (async (input: string | URL | Request) => {
        const url = new URL(String(input));
        urls.push(url.search);
        const offset = Number(url.searchParams.get("offset") ?? -1);
        const page = offset >= 0 ? offset / 10 + 1 : Number(url.searchParams.get("page") ?? 1);
        const items = rows.slice((page - 1) * 10, page * 10);
        const headers: Record<string, string> = items.length === 10 ? { Link: link(page) } : {};
        return new Response(JSON.stringify(items), { headers });
      }) as typeof fetch;
      const { walked, changes } = await walk("http://api.test/items/", fetcher);
      expect([walked, changes, urls.length]).toStrictEqual([rowsOf(1, 20).map((r) => r.id), [], 3]);
    },
  );

  it("a walk started at page 3 reads pages again down to page 3, not below: no row from before its start", async () => {
    const rows = rowsOf(1, 40);
    const { fetcher } = serverOver(rows, "exact");
    const { walked } = await walk(
      "http://api.test/items/?page=3&page_size=8",
      fetcher,
      afterFirstPage(() => {
        rows.splice(0, 2);
        rows.splice(16, 0, { id: 1001 });
      }),
    );
    expect(walked.filter((id) => id < 17)).toStrictEqual([]);
    expect(
      tally(
        rows.filter((row) => row.id >= 17 && row.id <= 40),
        walked,
      ),
    ).toStrictEqual(CLEAN);
  });

  it.each<[string, string, "same" | "none", string[]]>([
    [
      "from page 0 asks for its pages, not one past the end",
      "?page=0&page_size=10",
      "same",
      ["?page=0&page_size=10", "?page=1&page_size=10", "?page=2&page_size=10"],
    ],
    [
      "without X-Pagination-Page starts at page 0, as its next link says",
      "?page_size=10",
      "none",
      ["?page_size=10", "?page_size=10&page=1", "?page_size=10&page=2"],
    ],
  ])(
    "a concurrent walk of a server numbered from 0 %s",
    async (_name, start, pageHeader, asked) => {
      const rows = rowsOf(1, 30);
      const { fetcher, urls } = numberedServer(rows, 0, pageHeader);
      const { walked, changes } = await walk(`http://api.test/items/${start}`, fetcher, () => {}, {
        concurrency: 3,
      });
      expect([walked, changes, urls]).toStrictEqual([
        rowsOf(1, 30).map((row) => row.id),
        [],
        asked,
      ]);
    },
  );
});

describe("walks of changing lists: a model (fast-check)", () => {
  type Change = {
    readonly remove: boolean;
    readonly where: "front" | "edge" | "anywhere";
    readonly shift: number;
    readonly at: number;
  };
  const changeArb: fc.Arbitrary<Change> = fc.record({
    remove: fc.boolean(),
    where: fc.constantFrom("front", "edge", "anywhere"),
    shift: fc.integer({ min: -3, max: 2 }),
    at: fc.double({ min: 0, max: 0.999, noNaN: true }),
  });
  const caseArb = fc.record({
    size: fc.integer({ min: 0, max: 45 }),
    pageSize: fc.integer({ min: 1, max: 10 }),
    cap: fc.integer({ min: 1, max: 30 }),
    overflow: fc.constantFrom<"empty" | "last" | "error">("empty", "last", "error"),
    newestFirst: fc.boolean(),
    rounds: fc.array(fc.array(changeArb, { maxLength: 4 }), { maxLength: 12 }),
    when: fc.constantFrom<"between pages" | "as a page is asked for">(
      "between pages",
      "as a page is asked for",
    ),
    shrinking: fc.boolean(),
  });

  /** Applies one round of changes around the row at `frontier`; the ids removed. */
  const change = (
    rows: Row[],
    changes: readonly Change[],
    frontier: number,
    fresh: () => number,
  ) => {
    const removed: number[] = [];
    for (const { remove, where, shift, at } of changes) {
      const place =
        where === "front"
          ? 0
          : where === "edge"
            ? frontier + shift
            : Math.floor(at * (rows.length + 1));
      if (remove && rows.length > 0) {
        const [gone] = rows.splice(Math.min(Math.max(place, 0), rows.length - 1), 1);
        if (gone !== undefined) removed.push(gone.id);
      } else if (!remove) {
        rows.splice(Math.min(Math.max(place, 0), rows.length), 0, { id: fresh() });
      }
    }
    return removed;
  };

  const EVERY_KIND: readonly CountKind[] = [
    "capped",
    "estimated",
    "countless",
    "exact",
    "deferred",
  ];
  it.each<[string, readonly CountKind[], "always" | "uncounted", boolean, readonly number[]]>([
    ["checkEdges 'always', every kind of count", EVERY_KIND, "always", false, [1]],
    [
      "checkEdges 'uncounted' (default), lists that never send a count",
      ["estimated", "countless"],
      "uncounted",
      false,
      [1],
    ],
    [
      "checkEdges 'uncounted' (default), every kind of count, changes one way, concurrency 1 or 3",
      EVERY_KIND,
      "uncounted",
      true,
      [1, 3],
    ],
  ])(
    "%s: every row that stayed is yielded exactly once, and the walk ends",
    async (_name, kinds, checkEdges, alwaysOneWay, concurrencies) => {
      const arbs = [caseArb, fc.constantFrom(...kinds), fc.constantFrom(...concurrencies)] as const;
      await fc.assert(
        fc.asyncProperty(...arbs, async (c, kind, concurrency) => {
          const start = rowsOf(1, c.size);
          const rows = c.newestFirst ? [...start].reverse() : [...start];
          const removed = new Set<number>();
          let fresh = 1000;
          let round = 0;
          let furthest = 1;
          // Between pages, a walk's changes all add rows or all delete: a page's edge is read
          // while the caller has the page before, and a change undone then goes unseen. So does
          // a delete and a create that leave a count as it was, where only counts are compared.
          const oneWay = (changes: readonly Change[]) =>
            c.when === "between pages" || alwaysOneWay
              ? changes.map((one) => ({ ...one, remove: c.shrinking }))
              : changes;
          const apply = (frontier: number) => {
            const changes = oneWay(c.rounds[round++] ?? []);
            for (const id of change(rows, changes, frontier, () => ++fresh)) {
              removed.add(id);
            }
          };
          const { fetcher } = serverOver(rows, kind, {
            cap: c.cap,
            overflow: c.overflow,
            // As each page further than any before is asked for (not an edge, not a page read again).
            arrive: (url) => {
              const page = Number(url.searchParams.get("page") ?? 1);
              const edge = url.searchParams.get("page_size") === "1" && c.pageSize > 1;
              if (c.when === "as a page is asked for" && !edge && page > furthest) {
                furthest = page;
                apply((page - 1) * c.pageSize);
              }
            },
          });
          let pages = 0;
          const { walked } = await walk(
            `http://api.test/items/?page_size=${c.pageSize}`,
            fetcher,
            (page) => {
              if (++pages > 1000) throw new Error("the walk does not end");
              if (c.when === "between pages") apply((page.page ?? 1) * c.pageSize);
            },
            { checkEdges, concurrency },
          );
          const stayed = start.filter((row) => !removed.has(row.id));
          expect(tally(stayed, walked)).toStrictEqual(CLEAN);
        }),
        { numRuns: 300 },
      );
    },
  );

  it("a list that does not change: every row once, in order, no change reported, a page and its edge row a request each", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.constantFrom<CountKind>(...EVERY_KIND), async (c, kind) => {
        const rows = rowsOf(1, c.size);
        const { fetcher, urls } = serverOver(rows, kind, { cap: c.cap, overflow: c.overflow });
        const { walked, changes } = await walk(
          `http://api.test/items/?page_size=${c.pageSize}`,
          fetcher,
          () => {},
          { checkEdges: "always" },
        );
        const pages = Math.max(1, Math.ceil(c.size / c.pageSize));
        expect([walked, changes, urls.length]).toStrictEqual([
          rows.map((row) => row.id),
          [],
          2 * pages - 1,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
