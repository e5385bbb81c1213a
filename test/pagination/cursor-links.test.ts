import { describe, expect, it } from "vitest";
import { type CursorLinkTargets, cursorLinkHeader } from "../../src/pagination/cursor-links.js";

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
