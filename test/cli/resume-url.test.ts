import { describe, expect, it } from "vitest";
import { resumeUrl } from "../../src/cli/resume-url.js";

const KEEP = ["page_size", "sort"];

describe("resumeUrl", () => {
  it.each<[string, string, string | undefined]>([
    [
      "http://a.test/items/?page=2&page_size=10",
      '</items/?page=3>; rel="next"',
      "http://a.test/items/?page=3&page_size=10",
    ],
    [
      "http://a.test/items/?page=2&page_size=10&sort=-name",
      '</items/?page=3&sort=-name>; rel="next"',
      "http://a.test/items/?page=3&sort=-name&page_size=10",
    ],
    [
      "http://a.test/items/?page_size=10",
      '<http://a.test/items/?page=2&page_size=5>; rel="next"',
      "http://a.test/items/?page=2&page_size=5",
    ],
    [
      "http://a.test/items/?page=2",
      '</items/?page=3{&page_size}>; rel="next"',
      "http://a.test/items/?page=3",
    ],
    [
      "http://a.test/v2/items/?page_size=10",
      '</v2/items/?cursor=abc>; rel="next", </v2/items/>; rel="first"',
      "http://a.test/v2/items/?cursor=abc&page_size=10",
    ],
    ["http://a.test/items/?page=9", '</items/?page=1>; rel="first"', undefined],
    ["http://a.test/items/?page=9", "", undefined],
  ])("after %s with Link %j: %s", (url, link, expected) => {
    expect(resumeUrl({ url, headers: new Headers(link ? { link } : {}) }, KEEP)).toBe(expected);
  });
});
