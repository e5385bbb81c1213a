import { describe, expect, it } from "vitest";
import { type GoOn, goOnAfter } from "../../src/cli/go-on.js";
import { PaginationError } from "../../src/client/pagination-error.js";

const NEXT = "http://a.test/items/?page=3&page_size=10";
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
  ])("after %s", (_, error, next, start, goOn) => {
    expect(goOnAfter(error, next, start)).toStrictEqual(goOn);
  });
});
