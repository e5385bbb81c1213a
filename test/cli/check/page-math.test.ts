/** The page math held against one answer: the spec's examples (section 4.3) as rows. */
import { describe, expect, it } from "vitest";
import { pageMathProblems } from "../../../src/cli/check/page-math.js";

const facts = (count?: number, page?: number, pageTotal?: number, pageSize?: number) => ({
  count,
  page,
  pageTotal,
  pageSize,
  link: undefined,
});

describe("pageMathProblems", () => {
  it.each([
    ["350 items in pages of 100: the 4th holds 50", facts(350, 4, 4, 100), 50, []],
    ["400 items in pages of 100: 4 full pages", facts(400, 4, 4, 100), 100, []],
    ["3 items, page 2 of size 1", facts(3, 2, 3, 1), 1, []],
    ["a page past the last holds nothing", facts(3, 4, 3, 1), 0, []],
    [
      "a page total that is not ceil(count / size)",
      facts(350, 1, 3, 100),
      100,
      ["X-Pagination-PageTotal is 3; Count 350 in pages of 100 makes 4 (spec 4.3 rule 1)"],
    ],
    [
      "a last page holding a full page",
      facts(350, 4, 4, 100),
      100,
      ["page 4 holds 100 items; Count 350 in pages of 100 puts 50 on it (spec 4.3 rule 2)"],
    ],
    [
      "missing headers",
      facts(3, undefined, undefined, 1),
      1,
      [
        "no X-Pagination-Page (or not a whole number)",
        "no X-Pagination-PageTotal (or not a whole number)",
      ],
    ],
    [
      "a page size of 0",
      facts(3, 1, 1, 0),
      1,
      ["X-Pagination-Page and -PageSize must be at least 1"],
    ],
  ])("%s", (_, given, items, problems) => {
    expect(pageMathProblems(given, items)).toStrictEqual(problems);
  });
});
