/**
 * A walk under a client's `sort`: every page asks for it (by next links, concurrent pages, pages
 * of a server whose links drop it), and every row comes once in the order asked, against pagewise
 * lists on 127.0.0.1 whose rows tie on the fields sorted by; a next link that asks for another
 * order ends the walk before any request in that order.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import {
  type EdgeCheck,
  type FetchedPage,
  PaginationError,
  type RequestedSort,
  type WalkOptions,
  walkItems,
  walkPages,
} from "../../src/client/index.js";
import { cursorList, defineResource, list } from "../../src/index.js";
import type { SortOption } from "../../src/sort/sort-option.js";

interface Row {
  readonly id: number;
  readonly status: string;
  readonly created_at: string;
  readonly name: string;
}
type Field = Exclude<keyof Row, "id">;

const STATUSES = ["available", "failed", "syncing"];
/** 61 rows: three statuses and four dates (ties everywhere), unique names, served in no order. */
const ROWS: readonly Row[] = Array.from({ length: 61 }, (_, i) => ({
  id: i + 1,
  status: STATUSES[(i * i) % 3] as string,
  created_at: `2026-01-0${1 + ((i * 5) % 4)}T00:00:00Z`,
  name: `pkg-${String((i * 37) % 61).padStart(2, "0")}`,
})).reverse();
const SORT: SortOption<Field> = {
  fields: { status: true, created_at: true, name: true },
  tieBreaker: "id",
};
const SECRET = "walk-sort-secret-of-32-characters-or-more";

/** The ids in the order `text` asks for, the tie-breaker `id` in the last field's direction. */
function expectedIds(text: string): number[] {
  const terms = text.split(",").map((item) => {
    const word = item.trim();
    const descending = word.startsWith("-");
    return { field: (descending ? word.slice(1) : word) as Field, sign: descending ? -1 : 1 };
  });
  const tie = terms.at(-1)?.sign ?? 1;
  const compare = (a: Row, b: Row) => {
    for (const { field, sign } of terms) {
      if (a[field] !== b[field]) return a[field] < b[field] ? -sign : sign;
    }
    return (a.id - b.id) * tie;
  };
  return [...ROWS].sort(compare).map((row) => row.id);
}

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
};

/** What a walk yields before it stops: its pages, and the error that stopped it. */
async function pagesUntilError<T>(
  pages: AsyncIterable<FetchedPage<T>>,
): Promise<[FetchedPage<T>[], unknown]> {
  const out: FetchedPage<T>[] = [];
  try {
    for await (const page of pages) out.push(page);
  } catch (error) {
    return [out, error];
  }
  return [out, undefined];
}

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe("walking pagewise lists under a sort", () => {
  /** Every request's URL, in the order the server got them. */
  const got: URL[] = [];
  const router = fetchRouter([
    ["/kept/", defineResource({ GET: list({ sort: SORT, handler: () => ROWS }) })],
    [
      "/page-only/",
      defineResource(
        { GET: list({ sort: SORT, handler: () => ROWS }) },
        { linkParams: "page-only" },
      ),
    ],
    [
      "/cursor/",
      defineResource({ GET: cursorList({ sort: SORT, secret: SECRET, handler: () => ROWS }) }),
    ],
  ]);
  const server = createAdaptorServer({
    fetch: (request: Request) => {
      got.push(new URL(request.url));
      return router(request);
    },
  }) as Server;
  let origin = "";
  beforeAll(async () => {
    origin = await listen(server);
  });
  afterAll(() => close(server));

  const SORTS: [RequestedSort, string][] = [
    ["status", "status"],
    ["-status", "-status"],
    ["status,-created_at", "status,-created_at"],
    [["-created_at", "status"], "-created_at,status"],
    ["created_at, -status", "created_at, -status"],
    [["-name"], "-name"],
  ];
  const cases = (["kept", "page-only"] as const).flatMap((route) =>
    [1, 4].flatMap((concurrency) =>
      SORTS.map(([sort, text]) => [route, concurrency, sort, text] as const),
    ),
  );

  it.each(cases)(
    "/%s/, concurrency %s, sort %j: every row once, in the order asked, every request with it",
    async (route, concurrency, sort, text) => {
      got.length = 0;
      const start = `${origin}/${route}/`;
      const pages = await collect(
        walkPages<Row>(start, { sort, pageSize: 7, concurrency, checkEdges: "never" }),
      );
      expect(pages.flatMap((page) => page.items.map((row) => row.id))).toStrictEqual(
        expectedIds(text),
      );
      expect(got.map((url) => url.searchParams.getAll("sort"))).toStrictEqual(
        got.map(() => [text]),
      );
      expect(got.length).toBe(9);
      // A concurrent walk builds its page URLs from the start URL, the sort on each.
      const query = new URLSearchParams({ page_size: "7", sort: text });
      if (concurrency > 1) {
        expect(pages.map((page) => page.url)).toStrictEqual([
          `${start}?${query}`,
          ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${start}?${query}&page=${n}`),
        ]);
      }
    },
  );

  it.each(SORTS)(
    "a cursor list, sort %j: every row once, in the order asked",
    async (sort, text) => {
      got.length = 0;
      const items = await collect(walkItems<Row>(`${origin}/cursor/`, { sort, pageSize: 7 }));
      expect(items.map((row) => row.id)).toStrictEqual(expectedIds(text));
      expect(got.map((url) => url.searchParams.getAll("sort"))).toStrictEqual(
        got.map(() => [text]),
      );
    },
  );

  it.each<[string, string, WalkOptions, string]>([
    ["the start URL's sort, kept on links that drop it", "/page-only/?sort=-name", {}, "-name"],
    ["the start URL's sort, by next links", "/kept/?sort=status", {}, "status"],
    ["the option over the start URL's", "/page-only/?sort=name", { sort: "-status" }, "-status"],
    ["the start URL's sort, concurrently", "/page-only/?sort=status", { concurrency: 3 }, "status"],
  ])("%s", async (_name, path, options, text) => {
    got.length = 0;
    const items = await collect(walkItems<Row>(`${origin}${path}`, { pageSize: 10, ...options }));
    expect(items.map((row) => row.id)).toStrictEqual(expectedIds(text));
    expect(got.map((url) => url.searchParams.getAll("sort"))).toStrictEqual(got.map(() => [text]));
  });
});

describe("a next link that asks for another order", () => {
  /** Rows 1 to 9, three a page unless `page_size` says otherwise; `got` holds every target. */
  const got: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    got.push(url);
    const page = Number(url.searchParams.get("page") ?? 1);
    const size = Number(url.searchParams.get("page_size") ?? 3);
    const items = Array.from({ length: 9 }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    const sort = url.searchParams.get("sort") ?? "";
    const next = new URLSearchParams({ page: String(page + 1) });
    const links: Record<string, string> = {
      // Page 1 links on in the order asked, page 2 in another.
      "/other/": `<?${next}&sort=${page === 1 ? sort : "name"}>; rel="next"`,
      "/twice/": `<?${next}&sort=${sort}&sort=${sort}>; rel="next"`,
      "/dropped/": `<?${next}>; rel="next"`,
      "/template/": `<?${next}{&sort,page_size}>; rel="next"`,
    };
    const more = page * size < 9;
    res.writeHead(200, {
      "Content-Type": "application/json",
      "X-Pagination-Page": String(page),
      "X-Pagination-PageSize": String(size),
      ...(more ? { Link: links[url.pathname] ?? "" } : {}),
    });
    res.end(JSON.stringify(items));
  });
  let origin = "";
  beforeAll(async () => {
    origin = await listen(server);
  });
  afterAll(() => close(server));

  const mismatch = (values: string) =>
    `The next link asks for sort=${values} where the walk asked for "-created_at": its pages would come in another order. Write the walk's sort as the server writes it in its links, or fix the server's links`;

  it.each<[string, EdgeCheck, number, string]>([
    ["/other/", "never", 2, mismatch('"name"')],
    ["/other/", "always", 2, mismatch('"name"')],
    ["/twice/", "never", 1, mismatch('"-created_at" and "-created_at"')],
  ])(
    "%s (checkEdges %s): the pages before yielded, then sort_mismatch, no request in the other order",
    async (path, checkEdges, yielded, message) => {
      got.length = 0;
      const start = `${origin}${path}?sort=-created_at`;
      const [pages, error] = await pagesUntilError(walkPages<number>(start, { checkEdges }));
      expect(pages.map((page) => page.items)).toStrictEqual(
        [
          [1, 2, 3],
          [4, 5, 6],
        ].slice(0, yielded),
      );
      expect(error).toBeInstanceOf(PaginationError);
      const { code, url } = error as PaginationError;
      expect([code, url, (error as Error).message]).toStrictEqual([
        "sort_mismatch",
        pages.at(-1)?.url,
        message,
      ]);
      expect(
        got.every((target) => target.searchParams.getAll("sort").join() === "-created_at"),
      ).toBe(true);
    },
  );

  it.each(["/dropped/", "/template/"])(
    "%s: the walk's sort (and page size) put on each next link, and on each edge request",
    async (path) => {
      got.length = 0;
      const items = await collect(
        walkItems<number>(`${origin}${path}`, { sort: ["-created_at", "name"], pageSize: 4 }),
      );
      expect(items).toStrictEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Pages and the rows before pages 2 and 3 (edge checks: the server sends no count), the
      // edge requests in flight beside the pages, so in either order.
      const asked = got.map((url) =>
        [...url.searchParams]
          .map(([name, value]) => `${name}=${value}`)
          .sort()
          .join("&"),
      );
      expect(asked.sort()).toStrictEqual([
        "page=2&page_size=4&sort=-created_at,name",
        "page=3&page_size=4&sort=-created_at,name",
        "page=4&page_size=1&sort=-created_at,name",
        "page=8&page_size=1&sort=-created_at,name",
        "page_size=4&sort=-created_at,name",
      ]);
    },
  );
});

describe("sort options are checked when the walk is made", () => {
  const neverCalled = () => Promise.reject(new Error("no request may be made"));
  it.each<[WalkOptions, string]>([
    [
      { sort: 1 as unknown as string },
      'sort must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got number 1',
    ],
    [
      { sort: "" },
      'sort names no field: leave it out for the list\'s default order, or name a field such as "-created_at"',
    ],
    [
      { sort: "name,,id" },
      'sort has an empty item in "name,,id": write fields separated by single commas, "-" before a field for descending',
    ],
    [{ sort: ["a,b"] }, 'sort[0] holds a comma ("a,b"): give each field as an item of its own'],
    [
      { sort: ["name", "-name"] },
      'sort names "name" twice: name each field once, "-" before it for descending',
    ],
    [{ sortParam: "" }, 'sortParam must be a parameter name (text, not empty); got a string ("")'],
    [{ sortParam: "page" }, 'pageParam and sortParam must differ; both are "page"'],
    [{ sortParam: "page_size" }, 'pageSizeParam and sortParam must differ; both are "page_size"'],
    [{ pageParam: "sort" }, 'pageParam and sortParam must differ; both are "sort"'],
  ])("%j is a TypeError before any request", (options, message) => {
    const all = { fetch: neverCalled, ...options } as WalkOptions;
    expect(() => walkPages("http://127.0.0.1:1/", all)).toThrow(new TypeError(message));
    expect(() => walkItems("http://127.0.0.1:1/", all)).toThrow(new TypeError(message));
  });

  it.each<WalkOptions>([
    { sort: "-created_at,name" },
    { sort: ["status", "-created_at"], sortParam: "order" },
    { pageParam: "sort", sortParam: "order" },
  ])("%j is accepted", (options) => {
    expect(() => walkPages("http://127.0.0.1:1/", options)).not.toThrow();
  });
});
