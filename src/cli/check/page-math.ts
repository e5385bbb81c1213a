/**
 * The spec's page math (section 4.3, rules 1 and 2) held against one answer: the four headers
 * present, the page total the count and size give, and the items the page must hold, as the
 * spec's own math ({@link specPage}) gives them.
 */
import type { PageFacts } from "./page-facts.js";
import { specPage } from "./spec-page.js";
import { counted } from "./wording.js";

/**
 * What in a counted list's answer breaks the page math: a missing header, a page total other than
 * `ceil(Count / PageSize)`, or a number of items other than `min(PageSize, Count − (Page − 1) ·
 * PageSize)` (none past the last page).
 *
 * @param facts - the answer's header values
 * @param items - the items its body holds
 * @returns the problems, none when the answer agrees with itself
 * @example
 * ```ts
 * pageMathProblems({ count: 350, page: 4, pageTotal: 4, pageSize: 100, link: "" }, 50); // []
 * pageMathProblems({ count: 3, page: 1, pageTotal: 2, pageSize: 1, link: "" }, 1);
 * // ["X-Pagination-PageTotal is 2; Count 3 in pages of 1 makes 3 (spec 4.3 rule 1)"]
 * ```
 */
export function pageMathProblems(facts: PageFacts, items: number): string[] {
  const { count, page, pageTotal, pageSize } = facts;
  const missing = Object.entries({
    Count: count,
    Page: page,
    PageTotal: pageTotal,
    PageSize: pageSize,
  })
    .filter(([, value]) => value === undefined)
    .map(([name]) => `no X-Pagination-${name} (or not a whole number)`);
  if (missing.length > 0) return missing;
  if (page === 0 || pageSize === 0) return ["X-Pagination-Page and -PageSize must be at least 1"];
  const expected = specPage(count ?? 0, page ?? 1, pageSize ?? 1);
  const problems: string[] = [];
  if (count !== 0 && pageTotal !== expected.pageTotal) {
    problems.push(
      `X-Pagination-PageTotal is ${pageTotal}; Count ${count} in pages of ${pageSize} makes ${expected.pageTotal} (spec 4.3 rule 1)`,
    );
  }
  if (items !== expected.items) {
    problems.push(
      `page ${page} holds ${counted(items, "item")}; Count ${count} in pages of ${pageSize} puts ${expected.items} on it (spec 4.3 rule 2)`,
    );
  }
  return problems;
}
