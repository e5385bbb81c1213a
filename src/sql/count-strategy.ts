import { assertKnownNames, assertOption, describeValue } from "../option-checks.js";
import { assertWholeNumber } from "../params/whole-number.js";
import type { Dialect } from "./dialect.js";

/** The counts a query builder's list runs itself, by name (a cap is `{ cap: n }`). */
const COUNT_QUERIES = ["exact", "estimate"] as const;

/** A count the integration runs: exact, capped at a number of rows, or the planner's estimate. */
export type CountQuery = "exact" | "estimate" | { readonly cap: number };

/**
 * How a query builder's list counts its rows (docs/databases.md#count-strategies says what each
 * answers):
 * - `"exact"`: `COUNT(*)` of the user's query, run alongside the page's rows (before them, for a
 *   page that may be past the end: docs/databases.md#pages-past-the-end);
 * - `{ cap: n }`: a count of at most `n + 1` rows, `X-Pagination-CountAtLeast` beyond (the
 *   page's rows read once, one row more than the page);
 * - `"estimate"`: the planner's estimate of the query's rows (PostgreSQL, MySQL, MariaDB; SQLite
 *   keeps none, and is refused when the list is defined), the rows read as for a cap;
 * - `{ whenNeeded: … }`: one of those, run only when the page's rows do not tell the total;
 * - `{ of: (context) => n }`: a count the user keeps (a counter table), a number or its promise;
 * - `"none"`: a countless list.
 *
 * @typeParam C - what `of` receives: the list handler's context
 */
export type CountStrategy<C> =
  | CountQuery
  | "none"
  | { readonly whenNeeded: CountQuery }
  | { readonly of: (context: C) => unknown };

/** A {@link CountStrategy} checked for a dialect. */
export type CheckedCount<C> =
  | { readonly kind: "none" }
  | { readonly kind: "of"; readonly of: (context: C) => unknown }
  | { readonly kind: "query"; readonly query: CountQuery; readonly whenNeeded: boolean };

/**
 * Checks a query builder list's `count` option for its dialect, when the list is defined.
 *
 * @param count - the option
 * @param dialect - the database's dialect
 * @default count "exact"
 * @throws {TypeError} for a shape not listed, or an estimate where the dialect keeps none
 * @throws {RangeError} for a cap that is not a whole number of at least 1
 * @example
 * ```ts
 * countStrategy({ cap: 10_000 }, DIALECTS.postgres); // { kind: "query", query: { cap: 10000 }, whenNeeded: false }
 * ```
 */
export function countStrategy<C>(count: unknown, dialect: Dialect): CheckedCount<C> {
  if (count === undefined) return { kind: "query", query: "exact", whenNeeded: false };
  if (count === "none") return { kind: "none" };
  if (typeof count === "object" && count !== null && "of" in count) {
    assertKnownNames("count option", count, { of: true });
    const { of } = count as { of: unknown };
    if (typeof of !== "function") {
      throw new TypeError(`count.of must be a function of the request; got ${describeValue(of)}`);
    }
    return { kind: "of", of: of as (context: C) => unknown };
  }
  if (typeof count === "object" && count !== null && "whenNeeded" in count) {
    assertKnownNames("count option", count, { whenNeeded: true });
    const query = countQuery(
      (count as { whenNeeded: unknown }).whenNeeded,
      dialect,
      "count.whenNeeded",
    );
    return { kind: "query", query, whenNeeded: true };
  }
  return { kind: "query", query: countQuery(count, dialect, "count"), whenNeeded: false };
}

function countQuery(count: unknown, dialect: Dialect, name: string): CountQuery {
  if (typeof count === "object" && count !== null) {
    assertKnownNames(`${name} option`, count, { cap: true });
    const { cap } = count as { cap: unknown };
    assertWholeNumber(`${name}.cap`, cap, 1);
    return { cap };
  }
  assertOption(name, count, COUNT_QUERIES);
  if (count === "estimate" && dialect.explain === undefined) {
    throw new TypeError(
      `${name} "estimate": ${dialect.name} keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }`,
    );
  }
  return count as CountQuery;
}
