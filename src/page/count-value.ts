import { describeValue } from "../option-checks.js";
import { assertWholeNumber } from "../params/whole-number.js";

/**
 * A total that is not exact: a lower bound from a capped count (`atLeast`, see {@link capCount}),
 * or an estimate (the planner's, say). Neither is ever sent as `X-Pagination-Count`, which the
 * spec defines as the total: each has its own header, and the list is paged by `next` links as a
 * countless one is (docs/databases.md).
 */
export type InexactCount = { readonly atLeast: number } | { readonly estimate: number };

/** A list's total: exact (a whole number), at least some number, or an estimate. */
export type CountValue = number | InexactCount;

/** A {@link CountValue} checked and told apart. */
export type ReadCount =
  | { readonly exact: number }
  | { readonly atLeast: number }
  | { readonly estimate: number };

/** A {@link ReadCount} as a page's field, which is also the key of its header's name. */
type CountField =
  | { readonly count: number }
  | { readonly countAtLeast: number }
  | { readonly countEstimate: number };

/**
 * A read count as the field a page carries it in: exact as `count`, a bound as `countAtLeast`, an
 * estimate as `countEstimate` (each its own header, see {@link PaginationHeaderNames}).
 *
 * @param count - a count from {@link readCount}
 * @example
 * ```ts
 * countField({ atLeast: 1001 }); // { countAtLeast: 1001 }
 * ```
 */
export function countField(count: InexactCount): Exclude<CountField, { readonly count: number }>;
export function countField(count: ReadCount): CountField;
export function countField(count: ReadCount): CountField {
  if ("exact" in count) return { count: count.exact };
  return "atLeast" in count ? { countAtLeast: count.atLeast } : { countEstimate: count.estimate };
}

/**
 * The total of a capped count: a count of at most `cap + 1` rows (`SELECT count(*) FROM (SELECT 1
 * … LIMIT cap + 1)`), exact at or below the cap, and `{ atLeast: cap + 1 }` above it.
 *
 * @param counted - the rows the capped query counted (at most `cap + 1`)
 * @param cap - the most rows counted exactly; 0 or more
 * @throws {RangeError} for a cap or a count that is not a whole number of at least 0
 * @example
 * ```ts
 * const [{ n }] = await sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM t WHERE … LIMIT ${cap + 1}) s`;
 * return { count: capCount(n, cap), items };
 * ```
 */
export function capCount(counted: number, cap: number): CountValue {
  assertWholeNumber("cap", cap, 0);
  assertWholeNumber("counted", counted, 0);
  return counted > cap ? { atLeast: cap + 1 } : counted;
}

/**
 * A handler's count read: a whole number (exact), `{ atLeast }` or `{ estimate }`, each a whole
 * number. Anything else is a bug in the handler, thrown, never sent.
 *
 * @throws {TypeError} for text or a bigint (node-postgres gives `count(*)` as text), or another shape
 * @throws {RangeError} for a number that is not whole, or below 0 (below 1 for `atLeast`)
 */
export function readCount(count: unknown): ReadCount {
  if (typeof count === "object" && count !== null) {
    const { atLeast, estimate } = count as { atLeast?: unknown; estimate?: unknown };
    if (atLeast !== undefined && estimate === undefined && Object.keys(count).length === 1) {
      return { atLeast: whole(atLeast, "count's atLeast", 1) };
    }
    if (estimate !== undefined && atLeast === undefined && Object.keys(count).length === 1) {
      return { estimate: whole(estimate, "count's estimate", 0) };
    }
    throw new TypeError(
      `A list handler's count is a number, { atLeast } or { estimate }; got ${describeValue(count)} with ${JSON.stringify(Object.keys(count))}`,
    );
  }
  return { exact: whole(count, "count", 0) };
}

function whole(value: unknown, name: string, least: number): number {
  if (typeof value === "string" || typeof value === "bigint") {
    throw new TypeError(
      `A list handler's ${name} must be a number; got ${describeValue(value)}. node-postgres returns count(*) as a string (a bigint): pass Number(row.count).`,
    );
  }
  assertWholeNumber(`A list handler's ${name}`, value, least);
  return value;
}
