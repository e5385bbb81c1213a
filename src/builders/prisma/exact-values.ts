import type { SortType } from "../../options.js";

/**
 * A sort value as a cursor carries it, read off a row as Prisma gives it: a `DateTime`'s `Date`
 * as ISO 8601 text (every digit Prisma reads: milliseconds), a `Decimal` as its text (every
 * digit, what Prisma's filters take back), anything else as it is (a `BigInt` as a `bigint`,
 * exact).
 *
 * @param value - the row's value
 * @example
 * ```ts
 * sortValue(new Date("2026-11-27T10:00:00.123Z")); // "2026-11-27T10:00:00.123Z"
 * ```
 */
export function sortValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  // Prisma's Decimal (decimal.js) is an object whose JSON is its digits.
  const json = (value as { toJSON?: unknown } | null)?.toJSON;
  return typeof value === "object" && typeof json === "function" ? json.call(value) : value;
}

/**
 * A cursor's value as Prisma binds it: a timestamp's text as a `Date`, anything else as it is
 * (a bigint already a `bigint`: the dialect binds it so).
 *
 * @param type - the sort field's type
 * @param value - the cursor's value, bound as the dialect compares it
 * @example
 * ```ts
 * boundForPrisma("timestamp", "2026-11-27T10:00:00.123Z"); // Date
 * ```
 */
export function boundForPrisma(type: SortType, value: unknown): unknown {
  return type === "timestamp" && typeof value === "string" ? new Date(value) : value;
}
