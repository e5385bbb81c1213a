import { describe, expect, it } from "vitest";
import { type CursorPageRequest, cursorPage } from "../../src/cursor/cursor-page.js";

type Case = [
  string,
  CursorPageRequest<string>,
  [string[], boolean, (string | undefined)?, (string | undefined)?],
];

describe("cursorPage", () => {
  it.each<Case>([
    ["the only page", { side: undefined, pageSize: 3, rows: ["a", "b"] }, [["a", "b"], false]],
    ["an empty list", { side: undefined, pageSize: 3, rows: [] }, [[], false]],
    [
      "a first page with more",
      { side: undefined, pageSize: 2, rows: ["a", "b", "c"] },
      [["a", "b"], true, undefined, "b"],
    ],
    [
      "a middle page after a cursor",
      { side: "after", pageSize: 2, rows: ["c", "d", "e"] },
      [["c", "d"], true, "c", "d"],
    ],
    [
      "the last page after a cursor",
      { side: "after", pageSize: 2, rows: ["e"] },
      [["e"], true, "e", undefined],
    ],
    ["an empty page after a cursor", { side: "after", pageSize: 2, rows: [] }, [[], true]],
    [
      "a page before a cursor with more before (rows come reversed)",
      { side: "before", pageSize: 2, rows: ["d", "c", "b"] },
      [["c", "d"], true, "c", "d"],
    ],
    [
      "the first rows, reached backward",
      { side: "before", pageSize: 2, rows: ["b", "a"] },
      [["a", "b"], true, undefined, "b"],
    ],
    ["an empty page before a cursor", { side: "before", pageSize: 2, rows: [] }, [[], true]],
  ])("%s", (_name, request, [rows, first, prev, next]) => {
    expect(cursorPage(request)).toStrictEqual({ rows, first, prev, next });
  });

  it("refuses more rows than a page and one", () => {
    expect(() => cursorPage({ side: undefined, pageSize: 2, rows: [1, 2, 3, 4] })).toThrow(
      new RangeError(
        "A cursor list gave 4 rows, more than a page of 2 and the one row that says another follows: use the keyset query's LIMIT.",
      ),
    );
  });
});
