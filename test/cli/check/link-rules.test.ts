/** The link rules held against one answer's `Link`: the spec's example (section 4.3) and its breaks. */
import { describe, expect, it } from "vitest";
import { linkFindings } from "../../../src/cli/check/link-rules.js";
import type { PageFacts } from "../../../src/cli/check/page-facts.js";

const URL_ = "http://h/items/?status=failed&page=2&page_size=1";
const facts = (link: string | undefined) => ({
  count: 3,
  page: 2,
  pageTotal: 3,
  pageSize: 1,
  link,
});
const TARGETS = { first: 1, prev: 1, next: 3, last: 3 };
const rel = (page: number | string, name: string, query = "status=failed&") =>
  `</items/?${query}page=${page}>; rel="${name}"`;
const SPEC = [rel(1, "first"), rel(1, "prev"), rel(3, "next"), rel(3, "last")].join(", ");

describe("linkFindings", () => {
  it.each([
    ["the spec's example, filters kept", SPEC, TARGETS, []],
    [
      "the page size kept at the size served",
      SPEC.replaceAll("page=", "page_size=1&page="),
      TARGETS,
      [],
    ],
    [
      "a template expanded with the size",
      SPEC.replace("page=3>", "page=3{&page_size}>"),
      TARGETS,
      [],
    ],
    [
      "a cursor list's links, relations not counted",
      rel("x", "next", "status=failed&after=x&"),
      undefined,
      [],
    ],
    [
      "no next",
      [rel(1, "first"), rel(1, "prev"), rel(3, "last")].join(", "),
      TARGETS,
      ['no rel="next" (spec 4.3: present when the page is less than the final page)'],
    ],
    [
      "a last on a one-page list",
      rel(1, "last"),
      {},
      ['rel="last" where the spec has none (spec 4.3: present when there is more than one page)'],
    ],
    [
      "a dropped filter",
      SPEC.replace(rel(3, "next"), rel(3, "next", "")),
      TARGETS,
      ['rel="next" </items/?page=3> drops the filter status=failed'],
    ],
    [
      "another path",
      SPEC.replace(rel(3, "next"), '</other/?status=failed&page=3>; rel="next"'),
      TARGETS,
      ['rel="next" </other/?status=failed&page=3> leaves the list\'s path /items/'],
    ],
    [
      "another origin, the path kept",
      SPEC.replace(rel(3, "next"), '<http://elsewhere/items/?status=failed&page=3>; rel="next"'),
      TARGETS,
      [
        'rel="next" <http://elsewhere/items/?status=failed&page=3> leaves the list\'s origin http://h',
      ],
    ],
    [
      "the list's own origin, written out",
      SPEC.replace(rel(3, "next"), '<http://h/items/?status=failed&page=3>; rel="next"'),
      TARGETS,
      [],
    ],
    [
      "the wrong page",
      SPEC.replace(rel(3, "last"), rel(4, "last")),
      TARGETS,
      ['rel="last" </items/?status=failed&page=4> must point at page=3'],
    ],
    [
      "another page size",
      SPEC.replace(rel(3, "next"), rel(3, "next", "status=failed&page_size=30&")),
      TARGETS,
      [
        'rel="next" </items/?status=failed&page_size=30&page=3> asks page_size=30, but the page was served at 1',
      ],
    ],
    ["a relation twice", `${SPEC}, ${rel(3, "next")}`, TARGETS, ['rel="next" is given twice']],
  ])("%s", (_, link, targets, problems) => {
    expect(linkFindings(URL_, facts(link), targets).problems).toStrictEqual(problems);
  });
});

describe("linkFindings on a list without a page total", () => {
  const none: PageFacts = {
    count: undefined,
    page: undefined,
    pageTotal: undefined,
    pageSize: undefined,
    link: undefined,
  };
  it.each<[string, string, Partial<PageFacts>, string, string[], string[]]>([
    [
      "a next back to the page, another parameter added",
      "http://h/items/?page=1",
      { page: 1, pageSize: 5 },
      '</items/?x=1&page=1>; rel="next"',
      ['rel="next" </items/?x=1&page=1> points back at the page itself'],
      [],
    ],
    [
      "a next back to page 1 from a URL without a page",
      "http://h/items/",
      {},
      '</items/?page=1>; rel="next"',
      ['rel="next" </items/?page=1> points back at the page itself'],
      [],
    ],
    [
      "a cursor list's next to its own URL",
      "http://h/items/?after=abc",
      { pageSize: 5 },
      '</items/?after=abc>; rel="next"',
      ['rel="next" </items/?after=abc> points back at the page itself'],
      [],
    ],
    [
      "a cursor list's next onwards",
      "http://h/items/",
      { pageSize: 5 },
      '</items/?after=x>; rel="next"',
      [],
      [],
    ],
    [
      "a page size in the links, none in the headers",
      "http://h/items/?page_size=2",
      {},
      '</items/?page_size=2&page=2>; rel="next"',
      [],
      [],
    ],
    [
      "json-server's _page set by the link",
      "http://h/items?_page=1&_limit=2&color=red",
      {},
      '<http://h/items?_page=2&_limit=2&color=red>; rel="next", <http://h/items?_page=4&_limit=2&color=red>; rel="last"',
      [],
      ["_page=1 is not kept: a pagination parameter of another convention, not a filter"],
    ],
  ])("%s", (_, url, given, link, problems, notes) => {
    const found = linkFindings(url, { ...none, ...given, link }, undefined);
    expect([found.problems, found.notes]).toStrictEqual([problems, notes]);
  });
});
