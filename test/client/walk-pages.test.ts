import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { fetchHandler } from "../../src/adapters/fetch/index.js";
import {
  buildRequest,
  type FetchedPage,
  PaginationError,
  type WalkOptions,
  walkItems,
  walkPages,
} from "../../src/client/index.js";
import { defineResource, list, type ResourceOptions } from "../../src/index.js";
import { exampleConfig } from "../support/example-config.js";

const KEY = "walk-key";
const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
};
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("walking the example server", () => {
  let server: Started;
  beforeAll(async () => {
    server = await startFastify(exampleConfig(KEY));
  });
  afterAll(() => server.close());

  const list = () => `${server.url}/package/demo/tools/packages/`;

  it.each<[string, WalkOptions, number]>([
    ["next links, default page size", {}, 4],
    ["next links, page size 7 (links carry only page: the walker keeps 7)", { pageSize: 7 }, 18],
    ["next links, page size 500", { pageSize: 500 }, 1],
    ["concurrent, page size 7", { pageSize: 7, concurrency: 4 }, 18],
    ["concurrent, default page size", { concurrency: 8 }, 4],
  ])("%s: every item once, in order", async (_name, options, pages) => {
    const progress: [number, number | undefined][] = [];
    const walked = await collect(
      walkPages<{ id: number }>(list(), {
        ...options,
        apiKey: KEY,
        onProgress: (p) => progress.push([p.pages, p.pageTotal]),
      }),
    );
    expect(walked.flatMap((page) => page.items.map((p) => p.id))).toStrictEqual(ids(1, 120));
    expect(progress).toStrictEqual(ids(1, pages).map((n) => [n, pages]));
  });

  it("keeps a page size given in the start URL and the filters", async () => {
    const items = await collect(
      walkItems<{ id: number; status: string }>(`${list()}?page_size=4`.replace("packages/", ""), {
        apiKey: KEY,
      }),
    );
    expect(items.map((p) => p.id)).toStrictEqual(ids(1, 120));
    const failed = await collect(
      walkItems<{ id: number; status: string }>(
        `${server.url}/package/demo/tools/?status=failed&page_size=5`,
        { apiKey: KEY, concurrency: 3 },
      ),
    );
    expect(failed.map((p) => p.id)).toStrictEqual(ids(1, 120).filter((id) => (id - 1) % 5 === 3));
  });

  it("starts from a request built with buildRequest", async () => {
    const start = buildRequest(
      "GET",
      "{base_url}/package/{owner}/{repo}/packages/",
      { owner: "demo", repo: "tools", page_size: 50 },
      { baseUrl: server.url, apiKey: KEY },
    );
    const pages = await collect(walkPages<{ id: number }>(start));
    expect(pages.map((p) => [p.page, p.pageTotal, p.count, p.items.length])).toStrictEqual([
      [1, 3, 120, 50],
      [2, 3, 120, 50],
      [3, 3, 120, 20],
    ]);
  });

  it("reports an error status with the problem body", async () => {
    const error = await collect(walkItems(list())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect([
      (error as PaginationError).code,
      (error as PaginationError).status,
      ((error as PaginationError).body as { code: string }).code,
    ]).toStrictEqual(["http_error", 401, "unauthorized"]);
  });
});

/** A server whose routes misbehave on purpose; `hits` counts requests per path and query. */
function faultServer() {
  const hits = new Map<string, number>();
  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = Number(url.searchParams.get("page") ?? 1);
    const key = `${url.pathname}?${url.searchParams}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const next = (n: number) => ({
      Link: `<${url.pathname}?page=${n}>; rel="next"`,
      "X-Pagination-PageTotal": "3",
    });
    switch (url.pathname) {
      case "/flaky/": {
        if (page === 2 && hits.get(key) === 1) return send(res, 503, {}, { "Retry-After": "0" });
        if (page === 3 && (hits.get(key) ?? 0) <= 2)
          return send(res, 429, {}, { "Retry-After": "0" });
        return send(res, 200, [page * 2 - 1, page * 2], page < 3 ? next(page + 1) : {});
      }
      case "/down/":
        return send(res, 503, { title: "down" });
      case "/loop/":
        return send(res, 200, [page], next(page === 1 ? 2 : 1));
      case "/short/":
        return send(res, 200, page === 1 ? [1, 2] : [3, 4, 5], page === 1 ? next(2) : {});
      case "/empty-next/":
        return send(res, 200, [], next(2));
      case "/not-array/":
        return send(res, 200, { items: [] });
      case "/template/": {
        const size = url.searchParams.get("page_size");
        const link = { Link: `</template/?page=${page + 1}{&page_size}>; rel="next"` };
        return send(res, 200, [`${page}:${size}`], page < 3 ? link : {});
      }
      case "/slow/":
        return setTimeout(() => send(res, 200, [page], next(page + 1)), 50);
      default:
        return send(res, 404, {});
    }
  };
  return { hits, server: createServer(handle) };
}

describe("walking a misbehaving server", () => {
  const { hits, server } = faultServer();
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("retries a 503 and a 429 after Retry-After, and gets every item once", async () => {
    expect(await collect(walkItems(`${origin}/flaky/`))).toStrictEqual([1, 2, 3, 4, 5, 6]);
    expect([hits.get("/flaky/?page=2"), hits.get("/flaky/?page=3")]).toStrictEqual([2, 3]);
  });

  it("gives up after the retries with the last status", async () => {
    const error = await collect(
      walkItems(`${origin}/down/`, { retries: 2, maxRetryDelayMs: 1 }),
    ).catch((e: unknown) => e);
    expect([
      (error as PaginationError).code,
      (error as PaginationError).status,
      hits.get("/down/?"),
    ]).toStrictEqual(["http_error", 503, 3]);
  });

  it.each<[string, string, string]>([
    ["a loop of next links", "/loop/", "link_loop"],
    ["an empty page with a next link", "/empty-next/", "empty_page_with_next"],
    ["a body that is not an array", "/not-array/", "not_an_array"],
  ])("stops at %s with a PaginationError", async (_name, path, code) => {
    const error = await collect(walkItems(`${origin}${path}`)).catch((e: unknown) => e);
    expect([error instanceof PaginationError, (error as PaginationError).code]).toStrictEqual([
      true,
      code,
    ]);
  });

  it("takes a short page in its stride", async () => {
    expect(await collect(walkItems(`${origin}/short/`, { pageSize: 3 }))).toStrictEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it("expands RFC 6570 next links with the walk's page size", async () => {
    expect(await collect(walkItems(`${origin}/template/?page_size=9`))).toStrictEqual([
      "1:9",
      "2:9",
      "3:9",
    ]);
    expect(await collect(walkItems(`${origin}/template/`))).toStrictEqual([
      "1:null",
      "2:null",
      "3:null",
    ]);
  });

  it("stops when its AbortSignal fires", async () => {
    const controller = new AbortController();
    const seen: FetchedPage<unknown>[] = [];
    const walking = (async () => {
      for await (const page of walkPages(`${origin}/slow/`, { signal: controller.signal })) {
        seen.push(page);
        if (seen.length === 2) controller.abort(new Error("enough"));
      }
    })();
    await expect(walking).rejects.toThrow("enough");
    expect(seen.length).toBe(2);
  });

  it("stops at its AbortSignal where AbortSignal.any is missing (Node 20.0-20.2)", async () => {
    const any = Object.getOwnPropertyDescriptor(AbortSignal, "any");
    Reflect.deleteProperty(AbortSignal, "any");
    try {
      const controller = new AbortController();
      const seen: number[] = [];
      const walking = (async () => {
        for await (const page of walkPages(`${origin}/slow/`, { signal: controller.signal })) {
          seen.push(page.items.length);
          controller.abort(new Error("enough"));
        }
      })();
      await expect(walking).rejects.toThrow("enough");
      expect([seen.length, "any" in AbortSignal]).toStrictEqual([1, false]);
    } finally {
      if (any) Object.defineProperty(AbortSignal, "any", any);
    }
  });
});

/** A fetch that answers pages from a script: page n waits `delay(n)` ms and answers `status(n)`. */
function scriptedFetch(delay: (page: number) => number, status: (page: number) => number) {
  const signals = new Map<number, AbortSignal>();
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const page = Number(new URL(String(input)).searchParams.get("page") ?? 1);
    if (init?.signal) signals.set(page, init.signal);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, delay(page));
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal?.reason);
      });
    });
    const headers = {
      "Content-Type": "application/json",
      "X-Pagination-Page": String(page),
      "X-Pagination-PageTotal": "6",
      "X-Pagination-Count": "6",
    };
    return new Response(JSON.stringify(status(page) === 200 ? [page] : { title: "boom" }), {
      status: status(page),
      headers,
    });
  }) as typeof fetch;
  return { fetcher, signals };
}

describe("concurrent walks that end early", () => {
  it("report a later page's failure once, catchably, while an earlier page still loads", async () => {
    const { fetcher } = scriptedFetch(
      (p) => (p === 2 ? 80 : 5),
      (p) => (p === 3 ? 500 : 200),
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const error = await collect(
        walkItems("http://api.test/items/", { fetch: fetcher, concurrency: 4 }),
      ).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect([
        (error as PaginationError).code,
        (error as PaginationError).status,
        unhandled,
      ]).toStrictEqual(["http_error", 500, []]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("cancel the requests still in flight when the caller stops reading", async () => {
    const { fetcher, signals } = scriptedFetch(
      (p) => (p <= 2 ? 1 : 200),
      () => 200,
    );
    const seen: number[] = [];
    for await (const item of walkItems<number>("http://api.test/items/", {
      fetch: fetcher,
      concurrency: 4,
    })) {
      seen.push(item);
      if (item === 2) break;
    }
    expect(seen).toStrictEqual([1, 2]);
    expect([3, 4, 5].map((p) => signals.get(p)?.aborted)).toStrictEqual([true, true, true]);
  });

  it("reject once when the caller's signal aborts mid-walk", async () => {
    const { fetcher } = scriptedFetch(
      () => 30,
      () => 200,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 45);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const error = await collect(
        walkItems("http://api.test/items/", {
          fetch: fetcher,
          concurrency: 4,
          signal: controller.signal,
        }),
      ).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([(error as Error).message, unhandled]).toStrictEqual(["stop", []]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("start a concurrent walk at the start URL's page when the server sends no page header", async () => {
    const requested: number[] = [];
    const fetcher = (async (input: string | URL | Request) => {
      const page = Number(new URL(String(input)).searchParams.get("page"));
      requested.push(page);
      const headers = { "X-Pagination-PageTotal": "5", "X-Pagination-Count": "5" };
      return new Response(JSON.stringify([page]), { headers });
    }) as typeof fetch;
    expect(
      await collect(walkItems("http://api.test/items/?page=3", { fetch: fetcher, concurrency: 2 })),
    ).toStrictEqual([3, 4, 5]);
    expect(requested).toStrictEqual([3, 4, 5]);
  });
});

describe("walk options out of range", () => {
  const neverCalled = () => Promise.reject(new Error("no request may be made"));
  it.each<[keyof WalkOptions, unknown, string]>([
    ["concurrency", 0, "concurrency must be a whole number of at least 1; got number 0"],
    ["concurrency", -1, "concurrency must be a whole number of at least 1; got number -1"],
    ["concurrency", 1.5, "concurrency must be a whole number of at least 1; got number 1.5"],
    ["concurrency", Number.NaN, "concurrency must be a whole number of at least 1; got number NaN"],
    ["concurrency", "8", 'concurrency must be a whole number of at least 1; got a string ("8")'],
    ["pageSize", 0, "pageSize must be a whole number of at least 1; got number 0"],
    ["pageSize", 2.5, "pageSize must be a whole number of at least 1; got number 2.5"],
    ["retries", -1, "retries must be a whole number of at least 0; got number -1"],
    [
      "retries",
      Number.POSITIVE_INFINITY,
      "retries must be a whole number of at least 0; got number Infinity",
    ],
    [
      "maxRetryDelayMs",
      -5,
      "maxRetryDelayMs must be a whole number from 0 to 2147483647; got number -5",
    ],
    [
      "maxRetryDelayMs",
      2 ** 31,
      "maxRetryDelayMs must be a whole number from 0 to 2147483647; got number 2147483648",
    ],
    [
      "maxRetryDelayMs",
      Number.NaN,
      "maxRetryDelayMs must be a whole number from 0 to 2147483647; got number NaN",
    ],
  ])("%s %s is a RangeError when the walk is made, before any request", (name, value, message) => {
    const options = { fetch: neverCalled, [name]: value } as WalkOptions;
    expect(() => walkPages("http://127.0.0.1:1/", options)).toThrow(new RangeError(message));
    expect(() => walkItems("http://127.0.0.1:1/", options)).toThrow(new RangeError(message));
  });

  it.each<[unknown, string]>([
    ["sometimes", 'checkEdges must be one of "uncounted", "always", "never"; got "sometimes"'],
    [true, 'checkEdges must be one of "uncounted", "always", "never"; got true'],
  ])("checkEdges %s is a TypeError when the walk is made, before any request", (value, message) => {
    const options = { fetch: neverCalled, checkEdges: value } as WalkOptions;
    expect(() => walkPages("http://127.0.0.1:1/", options)).toThrow(new TypeError(message));
  });

  const notAnOrigin = (entry: string, index = 0) =>
    `trustedOrigins[${index}] must be an origin such as "https://api.example.com" (scheme, host, and a port other than the default; nothing after it); got ${entry}`;
  it.each<[unknown, string]>([
    [
      "https://api.example.com",
      'trustedOrigins must be an array of origins such as "https://api.example.com"; got a string ("https://api.example.com")',
    ],
    [
      ["https://api.example.com/"],
      `${notAnOrigin('a string ("https://api.example.com/")')}: write "https://api.example.com"`,
    ],
    [
      ["https://api.example.com", "https://cdn.example.com/v1/"],
      `${notAnOrigin('a string ("https://cdn.example.com/v1/")', 1)}: write "https://cdn.example.com"`,
    ],
    [
      ["https://API.example.com:443"],
      `${notAnOrigin('a string ("https://API.example.com:443")')}: write "https://api.example.com"`,
    ],
    [["api.example.com"], notAnOrigin('a string ("api.example.com")')],
    [["localhost:3000"], notAnOrigin('a string ("localhost:3000")')],
    [[""], notAnOrigin('a string ("")')],
    [[42], notAnOrigin("number 42")],
  ])(
    "trustedOrigins %j is a TypeError when the walk is made, before any request",
    (value, message) => {
      const options = { fetch: neverCalled, trustedOrigins: value } as WalkOptions;
      expect(() => walkPages("http://127.0.0.1:1/", options)).toThrow(new TypeError(message));
      expect(() => walkItems("http://127.0.0.1:1/", options)).toThrow(new TypeError(message));
    },
  );

  it.each([[[]], [["https://api.example.com", "http://127.0.0.1:8080", "http://[::1]:3000"]]])(
    "trustedOrigins %j is accepted",
    (trustedOrigins) => {
      expect(() => walkPages("http://127.0.0.1:1/", { trustedOrigins })).not.toThrow();
    },
  );

  it.each<[keyof WalkOptions, number]>([
    ["concurrency", 1],
    ["pageSize", 1],
    ["retries", 0],
    ["maxRetryDelayMs", 0],
    ["maxRetryDelayMs", 2_147_483_647],
  ])("%s %s is accepted", (name, value) => {
    expect(() => walkPages("http://127.0.0.1:1/", { [name]: value })).not.toThrow();
  });
});

describe("walking a countless list (no X-Pagination-Count or -PageTotal until the last page)", () => {
  const rows = Array.from({ length: 95 }, (_, i) => i + 1);
  const serve = fetchHandler(
    defineResource({
      GET: list({
        handler: () => ({
          items: ({ offset, limit }: { offset: number; limit: number }) =>
            rows.slice(offset, offset + limit),
        }),
      }),
    }),
  );
  const fetcher = ((input: string | URL | Request) =>
    serve(new Request(String(input)))) as typeof fetch;

  it.each([1, 4])(
    "concurrency %s: every row once, in order, by next links",
    async (concurrency) => {
      const pages = await collect(
        walkPages<number>("http://api.test/items/?page_size=10", { fetch: fetcher, concurrency }),
      );
      expect(pages.flatMap((page) => page.items)).toStrictEqual(rows);
      expect(pages.map((page) => [page.page, page.count, page.pageTotal])).toStrictEqual([
        ...ids(1, 9).map((n) => [n, undefined, undefined]),
        [10, 95, 10],
      ]);
    },
  );
});

describe("walking lists whose count is capped, estimated, or changes during the walk", () => {
  const serving = (handler: () => unknown, options: ResourceOptions = {}) => {
    const serve = fetchHandler(
      defineResource({ GET: list({ handler: handler as never }) }, options),
    );
    return ((input: string | URL | Request) => serve(new Request(String(input)))) as typeof fetch;
  };
  const table =
    <T>(rows: T[]) =>
    ({ offset, limit }: { offset: number; limit: number }) =>
      rows.slice(offset, offset + limit);
  const rows = ids(1, 95);

  it.each<[string, unknown, keyof FetchedPage<number>, number]>([
    ["capped over its cap", { atLeast: 51 }, "countAtLeast", 51],
    ["estimated", { estimate: 90 }, "countEstimate", 90],
  ])(
    "%s: read, walked by next links to the end, the exact count on the short last page",
    async (_name, count, field, value) => {
      const fetcher = serving(() => ({ count, items: table(rows) }));
      for (const concurrency of [1, 4]) {
        const pages = await collect(
          walkPages<number>("http://api.test/items/?page_size=10", { fetch: fetcher, concurrency }),
        );
        expect(pages.flatMap((page) => page.items)).toStrictEqual(rows);
        expect(pages.map((page) => [page[field], page.count])).toStrictEqual([
          ...ids(1, 9).map(() => [value, undefined]),
          [undefined, 95],
        ]);
      }
    },
  );

  it("follows next links past the page total announced when the list grows during a concurrent walk, and reports the change", async () => {
    const growing = ids(1, 30);
    const fetcher = serving(() => {
      const answer = { count: growing.length, items: table([...growing]) };
      growing.push(growing.length + 1, growing.length + 2, growing.length + 3); // 3 more per request
      return answer;
    });
    const changes: [number, number][] = [];
    const items = await collect(
      walkItems<number>("http://api.test/items/?page_size=10", {
        fetch: fetcher,
        concurrency: 2,
        onListChange: ({ count }) => changes.push([count?.from ?? 0, count?.to ?? 0]),
      }),
    );
    expect(new Set(items).size).toBe(items.length);
    expect(items.slice(0, 30)).toStrictEqual(ids(1, 30));
    expect(items.length).toBeGreaterThan(30);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every(([from, to]) => to > from)).toBe(true);
  });

  it("yields every row that stayed exactly once while rows are added before its page (newest first)", async () => {
    const newestFirst = ids(1, 50)
      .reverse()
      .map((id) => ({ id }));
    let next = 51;
    const fetcher = serving(() => {
      const answer = { count: newestFirst.length, items: table([...newestFirst]) };
      newestFirst.unshift({ id: next++ }, { id: next++ }); // two newer rows each request
      return answer;
    });
    const walked = await collect(
      walkItems<{ id: number }>("http://api.test/items/?page_size=10", { fetch: fetcher }),
    );
    const ids50 = walked.map((row) => row.id).filter((id) => id <= 50);
    expect([ids50, walked.length === new Set(walked.map((row) => row.id)).size]).toStrictEqual([
      ids(1, 50).reverse(),
      true,
    ]);
  });

  it("yields every row that stayed exactly once while rows before its page are deleted", async () => {
    const list = ids(1, 60).map((id) => ({ id }));
    const fetcher = serving(() => {
      const answer = { count: list.length, items: table([...list]) };
      const passed = list.findIndex((row) => row.id % 3 === 0); // a row the walk has passed, or not
      if (passed >= 0 && passed < 10) list.splice(passed, 1);
      return answer;
    });
    const walked = await collect(
      walkItems<{ id: number }>("http://api.test/items/?page_size=10", { fetch: fetcher }),
    );
    const stayed = list.map((row) => row.id);
    expect(stayed.filter((id) => !walked.some((row) => row.id === id))).toStrictEqual([]);
    expect(walked.length).toBe(new Set(walked.map((row) => row.id)).size);
  });

  it.each([1, 3])(
    "concurrency %i, rows deleted from the front at every request, past the end served as the last page: every row that stayed once",
    async (concurrency) => {
      const list = ids(1, 60).map((id) => ({ id }));
      const fetcher = serving(
        () => {
          const answer = { count: list.length, items: table([...list]) };
          list.splice(0, 3);
          return answer;
        },
        { overflow: "last" },
      );
      const walked = await collect(
        walkItems<{ id: number }>("http://api.test/items/?page_size=10", {
          fetch: fetcher,
          concurrency,
        }),
      );
      const got = walked.map((row) => row.id);
      expect([
        list.map((row) => row.id).filter((id) => !got.includes(id)),
        got.length === new Set(got).size,
      ]).toStrictEqual([[], true]);
    },
  );

  it("ends a walk whose list shrank before its next page under overflow 'error' (a 404 there), every row that stayed once", async () => {
    const list = ids(1, 30).map((id) => ({ id }));
    let requests = 0;
    const fetcher = serving(
      () => {
        const answer = { count: list.length, items: table([...list]) };
        if (++requests === 2) list.splice(0, 15); // after page 2 is read
        return answer;
      },
      { overflow: "error" },
    );
    const walked = await collect(
      walkItems<{ id: number }>("http://api.test/items/?page_size=10", { fetch: fetcher }),
    );
    const got = walked.map((row) => row.id);
    expect([
      list.map((row) => row.id).filter((id) => !got.includes(id)),
      got.length === new Set(got).size,
    ]).toStrictEqual([[], true]);
  });

  it("reports a change once, with the page that showed it (not the pages read again)", async () => {
    const list = ids(1, 30).map((id) => ({ id }));
    let requests = 0;
    const fetcher = serving(() => {
      const answer = { count: list.length, items: table([...list]) };
      if (++requests === 2) list.splice(0, 15);
      return answer;
    });
    const changes: unknown[] = [];
    await collect(
      walkItems("http://api.test/items/?page_size=10", {
        fetch: fetcher,
        onListChange: (change) => changes.push(change),
      }),
    );
    expect(changes).toStrictEqual([
      { count: { from: 30, to: 15 }, url: "http://api.test/items/?page=3&page_size=10" },
    ]);
  });

  it("reports no change for a list that does not change", async () => {
    const changes: unknown[] = [];
    await collect(
      walkItems("http://api.test/items/?page_size=10", {
        fetch: serving(() => rows),
        onListChange: (change) => changes.push(change),
      }),
    );
    expect(changes).toStrictEqual([]);
  });
});

describe("edge checks: a walk by page number reads the row before each page where no count shows a move", () => {
  type Row = { id: number };
  /** A server over `rows`, with the count the handler gives; every URL asked for is recorded. */
  const server = (rows: Row[], count: (rows: Row[]) => unknown, options: ResourceOptions = {}) => {
    const serve = fetchHandler(
      defineResource(
        {
          GET: list({
            handler: (() => ({
              ...(count(rows) === "countless" ? {} : { count: count(rows) }),
              items: ({ offset, limit }: { offset: number; limit: number }) =>
                rows.slice(offset, offset + limit),
            })) as never,
          }),
        },
        options,
      ),
    );
    const urls: string[] = [];
    const fetcher = ((input: string | URL | Request) => {
      urls.push(String(input).replace("http://api.test/items/?", ""));
      return serve(new Request(String(input)));
    }) as typeof fetch;
    return { fetcher, urls };
  };
  const rowsOf = (from: number, to: number) => ids(from, to).map((id) => ({ id }));
  /**
   * Walks, calling `between(page number, round)` after each page yielded (pages read again
   * included, round counting from 0); the ids walked and the changes reported.
   */
  const walkWith = async (
    fetcher: typeof fetch,
    between: (pageNumber: number, round: number) => void,
    options: WalkOptions = {},
  ) => {
    const walked: number[] = [];
    const changes: unknown[] = [];
    let round = 0;
    for await (const page of walkPages<Row>("http://api.test/items/?page_size=10", {
      fetch: fetcher,
      onListChange: (change) => changes.push(change),
      ...options,
    })) {
      walked.push(...page.items.map((row) => row.id));
      between(page.page ?? 0, round++);
    }
    return { walked, changes };
  };
  const missing = (stayed: readonly Row[], walked: readonly number[]) =>
    stayed.map((row) => row.id).filter((id) => !walked.includes(id));
  const repeated = (walked: readonly number[]) => walked.length - new Set(walked).size;

  const COUNTS: [string, (rows: Row[]) => unknown][] = [
    ["capped over its cap", () => ({ atLeast: 11 })],
    ["estimated", (rows) => ({ estimate: rows.length })],
    ["countless", () => "countless"],
  ];

  it.each(COUNTS)(
    "%s, a list that does not change: one request of one row per page edge, at page × size, read once the page is in, beside the page after",
    async (_name, count) => {
      const { fetcher, urls } = server(rowsOf(1, 35), count);
      const { walked, changes } = await walkWith(fetcher, () => {});
      expect([walked, changes, urls]).toStrictEqual([
        ids(1, 35),
        [],
        [
          "page_size=10",
          "page=2&page_size=10",
          "page=10&page_size=1", // once page 2 is in: the row before it, page 1's last…
          "page=3&page_size=10", // …while page 3 is fetched
          "page=20&page_size=1",
          "page=4&page_size=10",
          "page=30&page_size=1",
        ],
      ]);
    },
  );

  it.each(COUNTS)(
    "%s, rows before the walk's page deleted after every page: every row that stayed once, each move reported",
    async (_name, count) => {
      const rows = rowsOf(1, 60);
      const { fetcher } = server(rows, count);
      const { walked, changes } = await walkWith(fetcher, (page) => {
        rows.splice(page * 10 - 8, 3); // three rows of the page just read
      });
      expect([missing(rows, walked), repeated(walked), changes.length > 0]).toStrictEqual([
        [],
        0,
        true,
      ]);
      expect(changes).toContainEqual({ url: "http://api.test/items/?page=2&page_size=10" });
    },
  );

  it.each(COUNTS)(
    "%s, rows added before the walk's page after every page (newest first): every row that stayed once",
    async (_name, count) => {
      const rows = rowsOf(1, 50).reverse();
      let newest = 50;
      const { fetcher } = server(rows, count);
      const { walked, changes } = await walkWith(fetcher, () => {
        rows.unshift({ id: ++newest }, { id: ++newest });
      });
      const old = walked.filter((id) => id <= 50);
      expect([old, repeated(walked), changes.length > 0]).toStrictEqual([
        ids(1, 50).reverse(),
        0,
        true,
      ]);
    },
  );

  it.each(COUNTS)(
    "%s, the last row read deleted (nothing else): the row after it is read again, once",
    async (_name, count) => {
      const rows = rowsOf(1, 30);
      const { fetcher } = server(rows, count);
      const { walked, changes } = await walkWith(fetcher, (_page, round) => {
        if (round === 0) rows.splice(9, 1); // id 10
      });
      expect([walked, changes]).toStrictEqual([
        ids(1, 30), // 11 read again from page 1, before page 2
        [{ url: "http://api.test/items/?page=2&page_size=10" }],
      ]);
    },
  );

  it("checkEdges 'never' reads no row between pages, and a walk of a capped list then skips the rows that moved", async () => {
    const rows = rowsOf(1, 40);
    const { fetcher, urls } = server(rows, () => ({ atLeast: 11 }));
    const { walked, changes } = await walkWith(
      fetcher,
      (_page, round) => {
        if (round === 0) rows.splice(0, 5);
      },
      { checkEdges: "never" },
    );
    expect([
      missing(rows, walked),
      changes,
      urls.some((url) => url.includes("page_size=1&")),
    ]).toStrictEqual([ids(11, 15), [], false]);
  });

  it("a counted list: no edge reads by default; with 'always', a delete and a create that leave the count as it was are made up for", async () => {
    const run = async (checkEdges: "uncounted" | "always") => {
      const rows = rowsOf(1, 40);
      const { fetcher, urls } = server(rows, (all) => all.length);
      const { walked, changes } = await walkWith(
        fetcher,
        (_page, round) => {
          if (round === 0) {
            rows.splice(2, 1); // id 3, before the walk's page
            rows.push({ id: 41 }); // after it: the count stays 40
          }
        },
        { checkEdges },
      );
      return [
        missing(rows, walked),
        repeated(walked),
        changes,
        urls.filter((u) => u.endsWith("page_size=1")).length,
      ];
    };
    expect(await run("uncounted")).toStrictEqual([[11], 0, [], 0]);
    expect(await run("always")).toStrictEqual([
      [],
      0,
      [{ url: "http://api.test/items/?page=2&page_size=10" }],
      3,
    ]);
  });

  it("a list that grew past its cap mid-walk (a count, then none) is checked from the page without one", async () => {
    const rows = rowsOf(1, 25);
    const { fetcher } = server(rows, (all) => (all.length > 25 ? { atLeast: 26 } : all.length));
    const { walked } = await walkWith(fetcher, (_page, round) => {
      if (round === 0) rows.splice(0, 3, ...rowsOf(101, 106)); // 3 before gone, 6 new before: 28
    });
    expect([
      missing(
        rows.filter((row) => row.id < 100),
        walked,
      ),
      repeated(walked),
    ]).toStrictEqual([[], 0]);
  });

  it("a server that does not page by one row (page_size=1 answered with another size) is not checked: no row dropped", async () => {
    const rows = [...rowsOf(1, 10), ...rowsOf(1, 10)]; // the same JSON twice: a check would drop rows
    const { fetcher } = server(rows, () => "countless", { maxPageSize: 100 });
    const widened = ((input: string | URL | Request) =>
      fetcher(
        String(input)
          .replace("page_size=1&", "page_size=3&")
          .replace(/page_size=1$/, "page_size=3"),
      )) as typeof fetch;
    const { walked, changes } = await walkWith(widened, () => {});
    expect([walked, changes]).toStrictEqual([[...ids(1, 10), ...ids(1, 10)], []]);
  });

  it("a list that ends before the edge (overflow 'error', 404 there) reads the pages before again", async () => {
    const rows = rowsOf(1, 30);
    const { fetcher } = server(rows, () => "countless", { overflow: "error" });
    const { walked } = await walkWith(fetcher, (_page, round) => {
      if (round === 0) rows.splice(0, 25);
    });
    expect([missing(rows, walked), repeated(walked)]).toStrictEqual([[], 0]);
  });

  it("onProgress counts pages, not the rows read at edges", async () => {
    const { fetcher } = server(rowsOf(1, 25), () => "countless");
    const progress: number[] = [];
    await walkWith(fetcher, () => {}, { onProgress: ({ pages }) => progress.push(pages) });
    expect(progress).toStrictEqual([1, 2, 3]);
  });
});
