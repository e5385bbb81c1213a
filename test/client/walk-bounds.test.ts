/**
 * The walk's bounds against hostile servers on 127.0.0.1: a request's time (a server that never
 * answers, or stops mid-body), a page's bytes (a body that never ends), a `Retry-After` past the
 * longest wait (never asked again before it), and the most pages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROBE_LIMITS } from "../../src/cli/check/probe.js";
import {
  PaginationError,
  type RetryWait,
  type WalkOptions,
  walkItems,
  walkPages,
} from "../../src/client/index.js";
import { DEFAULT_MAX_PAGE_BYTES, DEFAULT_TIMEOUT_MS } from "../../src/client/walk-bounds.js";
import { startConventionServer } from "../support/convention-server.js";
import { type Answer, type HostileServer, startHostileServer } from "../support/hostile-server.js";

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.close()));
});

/** A hostile server answering page 1 with one item and a next link, page 2 with `second`. */
async function hostile(second: Answer): Promise<HostileServer> {
  const server = await startHostileServer((target) =>
    target.includes("page=2")
      ? second
      : { kind: "page", items: [{ id: 1 }], next: "/items/?page=2" },
  );
  opened.push(server);
  return server;
}

/** Everything `iterable` yields. */
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** What the walk yields before it fails, and its error. */
async function walkUntilError(url: string, options: WalkOptions): Promise<[unknown[], unknown]> {
  const items: unknown[] = [];
  try {
    for await (const item of walkItems(url, options)) items.push(item);
  } catch (error) {
    return [items, error];
  }
  return [items, undefined];
}

describe("a request's time", () => {
  it.each<[string, Answer]>([
    ["never answers", { kind: "silent" }],
    ["stops mid-body", { kind: "stall-mid-body" }],
  ])("ends the walk when the server %s, past timeoutMs", async (_name, second) => {
    const server = await hostile(second);
    const [items, error] = await walkUntilError(`${server.url}/items/`, { timeoutMs: 300 });
    const url = `${server.url}/items/?page=2`;
    expect(items).toStrictEqual([{ id: 1 }]);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({
      code: "timeout",
      url,
      message: `GET ${url}: no answer within 300 ms; timeoutMs raises it`,
      bound: { reason: `GET ${url}: no answer within 300 ms`, option: "timeoutMs", limit: 300 },
    });
  });

  it("is 30 s by default, check's bound too", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(PROBE_LIMITS.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });
});

describe("a page's bytes", () => {
  it.each<[string, WalkOptions, string]>([
    ["maxPageBytes 64 KiB", { maxPageBytes: 64 * 1024 }, "64 KiB"],
    ["the default, 8 MiB", {}, "8 MiB"],
  ])(
    "a body that never ends stops the walk at %s, and its connection is closed",
    async (_name, options, bound) => {
      const server = await hostile({ kind: "endless-body" });
      const [items, error] = await walkUntilError(`${server.url}/items/`, options);
      const url = `${server.url}/items/?page=2`;
      expect(items).toStrictEqual([{ id: 1 }]);
      expect(error).toMatchObject({
        code: "page_too_large",
        url,
        message: `GET ${url} answered a body over ${bound}, the most a page may take; maxPageBytes raises it`,
      });
      await server.dropped;
    },
  );

  it("is 8 MiB by default, check's bound too", () => {
    expect(DEFAULT_MAX_PAGE_BYTES).toBe(8 * 1024 * 1024);
    expect(PROBE_LIMITS.maxBodyBytes).toBe(DEFAULT_MAX_PAGE_BYTES);
  });

  it("reads a page of exactly maxPageBytes", async () => {
    const server = await startHostileServer(() => ({ kind: "page", items: [{ id: 1 }] }));
    opened.push(server);
    const items = await collect(walkItems(server.url, { maxPageBytes: 10 }));
    expect(items).toStrictEqual([{ id: 1 }]);
  });
});

describe("Retry-After", () => {
  it("ends the walk on a wait past maxRetryDelayMs, naming both, without asking again", async () => {
    const server = await hostile({ kind: "retry-after", status: 429, retryAfter: "3600" });
    const waits: RetryWait[] = [];
    const [items, error] = await walkUntilError(`${server.url}/items/`, {
      onWait: (wait) => waits.push(wait),
    });
    const url = `${server.url}/items/?page=2`;
    expect(items).toStrictEqual([{ id: 1 }]);
    expect(error).toMatchObject({
      code: "wait_too_long",
      url,
      bound: { option: "maxRetryDelayMs", limit: 30_000, needs: 3_600_000 },
    });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^GET ${url.replaceAll("?", "\\?")} answered 429 asking to wait 3600 s \\(until (?:\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d:\\d\\d UTC\\), longer than the longest wait, 30 s; maxRetryDelayMs raises it$`,
      ),
    );
    expect([waits, server.requests.length]).toStrictEqual([[], 2]);
  });

  it("says a Retry-After given as an HTTP date in whole seconds", async () => {
    const date = new Date(Date.now() + 3_600_000).toUTCString();
    const server = await hostile({ kind: "retry-after", status: 503, retryAfter: date });
    const [, error] = await walkUntilError(`${server.url}/items/`, {});
    expect((error as Error).message).toMatch(
      / answered 503 asking to wait (3599|3600) s \(until (?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC\), longer than the longest wait, 30 s; maxRetryDelayMs raises it$/,
    );
  });

  it("asks again no sooner than Retry-After says, and tells onWait until when", async () => {
    let limited = true;
    const server = await startHostileServer(() => {
      if (!limited) return { kind: "page", items: [{ id: 1 }] };
      limited = false;
      return { kind: "retry-after", status: 503, retryAfter: "1" };
    });
    opened.push(server);
    const waits: RetryWait[] = [];
    const items = await collect(
      walkItems(`${server.url}/items/`, { onWait: (wait) => waits.push(wait) }),
    );
    expect(items).toStrictEqual([{ id: 1 }]);
    expect(waits).toMatchObject([{ url: `${server.url}/items/`, status: 503 }]);
    const [first, again] = server.requests;
    expect(waits[0]?.until.getTime()).toBeGreaterThanOrEqual((first?.at ?? 0) + 1000);
    expect(again?.at).toBeGreaterThanOrEqual(waits[0]?.until.getTime() ?? Number.POSITIVE_INFINITY);
  });

  it("ends a wait at once when the walk's signal aborts", async () => {
    const server = await hostile({ kind: "retry-after", status: 429, retryAfter: "20" });
    const stop = new AbortController();
    const reason = new Error("stopped by the caller");
    const [, error] = await walkUntilError(`${server.url}/items/`, {
      signal: stop.signal,
      onWait: () => stop.abort(reason),
    });
    expect(error).toBe(reason);
    expect(server.requests.length).toBe(2);
  });
});

describe("maxPages", () => {
  it.each([1, 4])(
    "a list of 3 pages walked to its end with maxPages 3, concurrency %i",
    async (concurrency) => {
      const list = await startConventionServer();
      opened.push(list);
      const pages = await collect(walkPages(`${list.url}/items/`, { maxPages: 3, concurrency }));
      expect(pages.map((page) => page.page)).toStrictEqual([1, 2, 3]);
    },
  );

  it.each([1, 4])(
    "a list that goes on past maxPages 2 ends the walk there, concurrency %i",
    async (concurrency) => {
      const list = await startConventionServer();
      opened.push(list);
      const pages: (number | undefined)[] = [];
      const walk = walkPages(`${list.url}/items/`, { maxPages: 2, concurrency });
      const error = await (async () => {
        try {
          for await (const page of walk) pages.push(page.page);
        } catch (caught) {
          return caught;
        }
      })();
      expect(pages).toStrictEqual([1, 2]);
      expect(error).toMatchObject({
        code: "max_pages",
        url: `${list.url}/items/?page=3`,
        message: "the list goes on past 2 pages, the most the walk reads; maxPages raises it",
      });
    },
  );
});

describe("the bounds are checked when the walk is made", () => {
  it.each<[keyof WalkOptions, number, string]>([
    ["timeoutMs", 0, "timeoutMs must be a whole number from 1 to 2147483647; got number 0"],
    [
      "timeoutMs",
      2 ** 31,
      "timeoutMs must be a whole number from 1 to 2147483647; got number 2147483648",
    ],
    ["maxPageBytes", 0, "maxPageBytes must be a whole number of at least 1; got number 0"],
    ["maxPages", 1.5, "maxPages must be a whole number of at least 1; got number 1.5"],
  ])("%s %d is a RangeError", (name, value, message) => {
    expect(() => walkPages("http://127.0.0.1:1/items/", { [name]: value })).toThrow(
      new RangeError(message),
    );
  });
});
