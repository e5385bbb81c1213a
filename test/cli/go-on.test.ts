import { describe, expect, it } from "vitest";
import { type GoOn, goOnAfter, keepingPageSize } from "../../src/cli/go-on.js";
import {
  boundError,
  PaginationError,
  type PaginationErrorCode,
  type WalkBound,
} from "../../src/client/pagination-error.js";

const NEXT = "http://a.test/items/?page=3&page_size=10";
const bounded = (code: PaginationErrorCode, bound: Omit<WalkBound, "reason">) =>
  boundError(code, NEXT, { reason: "over", ...bound });
const refused = (url: string) => new PaginationError("untrusted_origin", `Refused ${url}`, url);

describe("goOnAfter", () => {
  it.each<[string, unknown, string | undefined, string, GoOn | undefined]>([
    ["Ctrl-C", undefined, NEXT, "http://a.test/items/", { options: ["--from", NEXT] }],
    [
      "a 500",
      new PaginationError("http_error", "answered 500", NEXT, 500),
      NEXT,
      "http://a.test/items/",
      { options: ["--from", NEXT] },
    ],
    ["an error before any page", new Error("x"), undefined, "http://a.test/items/", undefined],
    [
      "a next link to another origin",
      refused("http://b.test/items/?page=3&page_size=10"),
      "http://b.test/items/?page=3&page_size=10",
      "http://a.test/items/",
      {
        options: [
          "--trust-origin",
          "http://b.test",
          "--from",
          "http://b.test/items/?page=3&page_size=10",
        ],
      },
    ],
    [
      "a redirect to another origin, on the first page",
      refused("https://cdn.test:8443/items/"),
      undefined,
      "https://a.test/items/",
      { options: ["--trust-origin", "https://cdn.test:8443"] },
    ],
    [
      "https down to http",
      refused("http://a.test/items/?page=3"),
      "http://a.test/items/?page=3",
      "https://a.test/items/",
      { reason: "no --trust-origin follows a walk from https down to http" },
    ],
    [
      "a loop",
      new PaginationError("link_loop", "The next link leads back to x", NEXT),
      NEXT,
      "http://a.test/items/",
      { reason: "the list's links loop, so no --from goes on" },
    ],
    [
      "an empty page that links onwards",
      new PaginationError("empty_page_with_next", "empty", NEXT),
      NEXT,
      "http://a.test/items/",
      { reason: "an empty page links onwards, so no --from goes on" },
    ],
    [
      "a next link in another order",
      new PaginationError("sort_mismatch", "sort", NEXT),
      NEXT,
      "http://a.test/items/",
      { reason: "the next link asks for another order, so no --from goes on in this one" },
    ],
    [
      "a list that lost more rows than the walk remembers",
      new PaginationError("list_moved_too_far", "moved", NEXT),
      NEXT,
      "http://a.test/items/",
      {
        reason:
          "the list lost more rows under the walk than it remembers, so no --from goes on: walk it again from the start",
      },
    ],
    [
      "a timeout of 30 s: the same page with twice the time",
      bounded("timeout", { option: "timeoutMs", limit: 30_000 }),
      NEXT,
      "http://a.test/items/",
      { options: ["--timeout", "60", "--from", NEXT] },
    ],
    [
      "a timeout of 300 ms, in whole seconds",
      bounded("timeout", { option: "timeoutMs", limit: 300 }),
      NEXT,
      "http://a.test/items/",
      { options: ["--timeout", "1", "--from", NEXT] },
    ],
    [
      "a body over 8 MiB whose Content-Length said 20,000,000",
      bounded("page_too_large", { option: "maxPageBytes", limit: 8_388_608, needs: 20_000_000 }),
      NEXT,
      "http://a.test/items/",
      { options: ["--max-page-bytes", "20000000", "--from", NEXT] },
    ],
    [
      "a body over 8 MiB of no stated length, on the first page",
      bounded("page_too_large", { option: "maxPageBytes", limit: 8_388_608 }),
      undefined,
      "http://a.test/items/",
      { options: ["--max-page-bytes", "16777216"] },
    ],
    [
      "a Retry-After of an hour",
      bounded("wait_too_long", { option: "maxRetryDelayMs", limit: 30_000, needs: 3_600_000 }),
      NEXT,
      "http://a.test/items/",
      { options: ["--max-wait", "3600", "--from", NEXT] },
    ],
    [
      "a Retry-After past the longest timer",
      bounded("wait_too_long", { option: "maxRetryDelayMs", limit: 30_000, needs: 2 ** 31 }),
      NEXT,
      "http://a.test/items/",
      { reason: "the server asks to wait longer than any --max-wait, so no --from goes on now" },
    ],
    [
      "--max-pages: the next pages",
      bounded("max_pages", { option: "maxPages", limit: 2 }),
      NEXT,
      "http://a.test/items/",
      { options: ["--from", NEXT] },
    ],
  ])("after %s", (_, error, next, start, goOn) => {
    expect(goOnAfter(error, next, start)).toStrictEqual(goOn);
  });
});

describe("keepingPageSize", () => {
  const FROM = "http://a.test/items/?page=3&page_size=5";
  it.each<[string, GoOn, number | undefined, GoOn]>([
    [
      "a --page-size the server served otherwise",
      { options: ["--from", FROM] },
      1000,
      { options: ["--page-size", "5", "--from", FROM] },
    ],
    [
      "after a bound raised",
      { options: ["--timeout", "60", "--from", FROM] },
      1000,
      { options: ["--timeout", "60", "--page-size", "5", "--from", FROM] },
    ],
    ["the size served", { options: ["--from", FROM] }, 5, { options: ["--from", FROM] }],
    ["no --page-size", { options: ["--from", FROM] }, undefined, { options: ["--from", FROM] }],
    [
      "a --from without a size",
      { options: ["--from", "http://a.test/items/?page=3"] },
      1000,
      { options: ["--from", "http://a.test/items/?page=3"] },
    ],
    ["a reason", { reason: "loop" }, 1000, { reason: "loop" }],
  ])("%s", (_name, goOn, pageSize, kept) => {
    expect(keepingPageSize(goOn, pageSize)).toStrictEqual(kept);
  });
});
