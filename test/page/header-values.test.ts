import { describe, expect, it } from "vitest";
import { headerNamePresets } from "../../src/index.js";
import { checkedHeaderNames } from "../../src/page/header-names.js";
import { type PaginationHeaderValues, writeHeaderValues } from "../../src/page/header-values.js";

const spec = checkedHeaderNames(headerNamePresets.xPagination);
const totalCount = checkedHeaderNames(headerNamePresets.totalCount);

describe("writeHeaderValues", () => {
  it.each<
    [
      string,
      typeof spec,
      PaginationHeaderValues & { link?: string | undefined },
      Record<string, string>,
    ]
  >([
    [
      "every value under its name, in the names' order",
      spec,
      {
        countEstimate: 9,
        countAtLeast: 8,
        pageSize: 5,
        pageTotal: 4,
        page: 3,
        count: 2,
        link: '</a?page=1>; rel="first"',
      },
      {
        Link: '</a?page=1>; rel="first"',
        "X-Pagination-Count": "2",
        "X-Pagination-Page": "3",
        "X-Pagination-PageTotal": "4",
        "X-Pagination-PageSize": "5",
        "X-Pagination-CountAtLeast": "8",
        "X-Pagination-CountEstimate": "9",
      },
    ],
    [
      "an undefined or absent value is not sent",
      spec,
      { link: undefined, count: 0, pageSize: 30 },
      { "X-Pagination-Count": "0", "X-Pagination-PageSize": "30" },
    ],
    [
      "a null name is not sent",
      totalCount,
      { link: "<x>", count: 7, page: 1, pageTotal: 1, pageSize: 30, countAtLeast: 3 },
      { Link: "<x>", "X-Total-Count": "7" },
    ],
  ])("%s", (_name, names, values, expected) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const { link, ...rest } = values;
    writeHeaderValues(headers, names, rest, link);
    expect(headers).toStrictEqual({ "Content-Type": "application/json", ...expected });
    expect(Object.keys(headers)).toStrictEqual(["Content-Type", ...Object.keys(expected)]);
  });
});
