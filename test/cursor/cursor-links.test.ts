import { describe, expect, it } from "vitest";
import { type CursorLinkTargets, cursorLinkHeader } from "../../src/cursor/cursor-links.js";
import { PagewiseError } from "../../src/errors.js";

const names = { pageSizeParam: "page_size", afterParam: "after", beforeParam: "before" };
const all: CursorLinkTargets = { first: true, prev: "P.s", next: "N.s" };

describe("cursorLinkHeader", () => {
  it.each<[string, CursorLinkTargets, string, string | undefined, string | undefined]>([
    [
      "all three, the filters kept, the page size stated, old cursors dropped",
      all,
      "/v2/p/?status=failed&after=old&page_size=5&before=old",
      undefined,
      '</v2/p/?status=failed&page_size=5>; rel="first", </v2/p/?status=failed&page_size=5&before=P.s>; rel="prev", </v2/p/?status=failed&page_size=5&after=N.s>; rel="next"',
    ],
    [
      "first and next under a trusted base",
      { first: true, prev: undefined, next: "N.s" },
      "/v2/p/",
      "https://api.example/base",
      '<https://api.example/base/v2/p/?page_size=5>; rel="first", <https://api.example/base/v2/p/?page_size=5&after=N.s>; rel="next"',
    ],
    [
      "header-unsafe filters encoded, colons too (octokit reads :name as a variable)",
      { first: true, prev: undefined, next: undefined },
      "/v2/p/?q=a,b;c<d>&sort=name:asc",
      undefined,
      '</v2/p/?q=a%2Cb%3Bc%3Cd%3E&sort=name%3Aasc&page_size=5>; rel="first"',
    ],
    ["none", { first: false, prev: undefined, next: undefined }, "/v2/p/", undefined, undefined],
  ])("%s", (_name, targets, url, base, header) => {
    expect(cursorLinkHeader(targets, names, 5, url, base)).toBe(header);
  });

  it("uses the configured names", () => {
    expect(
      cursorLinkHeader(
        all,
        { pageSizeParam: "size", afterParam: "from", beforeParam: "to" },
        2,
        "/l?size=9",
      ),
    ).toBe(
      '</l?size=2>; rel="first", </l?size=2&to=P.s>; rel="prev", </l?size=2&from=N.s>; rel="next"',
    );
  });
});

describe("cursorLinkHeader: the parameters carried, the bound", () => {
  const first: CursorLinkTargets = { first: true, prev: undefined, next: "N.s" };

  it("carries only the names linked", () => {
    expect(
      cursorLinkHeader(
        first,
        names,
        5,
        "/c/?status=failed&junk=1",
        undefined,
        (n) => n === "status",
      ),
    ).toBe(
      '</c/?status=failed&page_size=5>; rel="first", </c/?status=failed&page_size=5&after=N.s>; rel="next"',
    );
  });

  /** The header, or the status and detail of the problem thrown. */
  const outcome = (url: string) => {
    try {
      return cursorLinkHeader(first, names, 5, url);
    } catch (error) {
      if (!(error instanceof PagewiseError)) throw error;
      return [error.status, error.problem.detail];
    }
  };

  it("takes a link of exactly 2,048 characters before its cursor", () => {
    // "/c/?x=" + value + "&page_size=5": 18 characters besides the value.
    const start = `/c/?x=${"a".repeat(2030)}&page_size=5`;
    expect(start.length).toBe(2048);
    expect(outcome(`/c/?x=${"a".repeat(2030)}`)).toBe(
      `<${start}>; rel="first", <${start}&after=N.s>; rel="next"`,
    );
  });

  it("refuses one over with the 414 problem", () => {
    expect(outcome(`/c/?x=${"a".repeat(2031)}`)).toStrictEqual([
      414,
      "The links to this list's other pages would hold 2049 characters before the page, over the 2048 a link may: shorten the path or the parameters that choose the rows.",
    ]);
  });
});
