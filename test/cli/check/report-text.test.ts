/** The text report shows of each exchange only the headers its check reads. */
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/cli/check/check-result.js";
import { type Exchange, PAGE_HEADERS } from "../../../src/cli/check/exchange.js";
import { reportText } from "../../../src/cli/check/report-text.js";

const LINK =
  '</items/?page=1>; rel="first", </items/?page=2>; rel="next", </items/?page=3>; rel="last"';
const exchange: Exchange = {
  method: "GET",
  url: "http://h/items/",
  sent: {},
  status: 200,
  headers: { "content-type": "application/json", link: LINK, "x-pagination-page": "1" },
  body: [1, 2],
  items: 2,
  cut: false,
  opening: "[1,2]",
};

const lines = (shows: readonly string[], answer: Exchange = exchange) => {
  const check: CheckResult = {
    name: "c",
    title: "t",
    rule: "r",
    shows,
    outcome: "pass",
    problems: [],
    notes: [],
    evidence: [answer],
  };
  return reportText({ url: "http://h/items/", kind: "counted", checks: [check] })
    .split("\n")
    .slice(3, -3);
};

describe("reportText's evidence", () => {
  it.each<[string, readonly string[], Exchange, string[]]>([
    ["no header read", [], exchange, ["    GET http://h/items/ → 200, 2 items"]],
    [
      "a short header, on the request's line",
      [PAGE_HEADERS.page],
      exchange,
      ["    GET http://h/items/ → 200, 2 items; x-pagination-page: 1"],
    ],
    [
      "a long header, on a line of its own",
      [PAGE_HEADERS.page, PAGE_HEADERS.link],
      exchange,
      ["    GET http://h/items/ → 200, 2 items", `      x-pagination-page: 1 | link: ${LINK}`],
    ],
    [
      "a header read but not sent",
      [PAGE_HEADERS.count],
      exchange,
      ["    GET http://h/items/ → 200, 2 items"],
    ],
    [
      "a body over the size limit",
      [],
      { ...exchange, body: undefined, items: undefined, cut: true },
      ["    GET http://h/items/ → 200, body over the size limit, not read"],
    ],
    [
      "one item, in the singular",
      [],
      { ...exchange, body: [1], items: 1 },
      ["    GET http://h/items/ → 200, 1 item"],
    ],
  ])("%s", (_, shows, answer, expected) => {
    expect(lines(shows, answer)).toStrictEqual(expected);
  });
});

describe("reportText's first line", () => {
  it.each([
    ["counted", "pagewise check http://h/items/ (a counted list)"],
    ["unpaginated", "pagewise check http://h/items/ (an unpaginated list)"],
  ] as const)("names %s list with its article", (kind, line) => {
    expect(reportText({ url: "http://h/items/", kind, checks: [] }).split("\n")[0]).toBe(line);
  });
});
