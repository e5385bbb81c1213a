import type { SortType } from "../options.js";
import type { Dialect } from "./dialect.js";

/**
 * A cursor's value as a driver binds it against its column: a `bigint` column's digits as a
 * `BigInt` where the dialect compares text with an integer as a double (MySQL, MariaDB) or binds
 * it best so (SQLite); as text on PostgreSQL, which reads it as the column's type; anything else,
 * NULL included, as the cursor carries it.
 *
 * @param dialect - the database's dialect
 * @param type - the sort column's type
 * @param value - the cursor's value for it
 * @example
 * ```ts
 * boundValue(DIALECTS.mysql, "bigint", "9007199254740993"); // 9007199254740993n
 * ```
 */
export function boundValue(dialect: Dialect, type: SortType, value: unknown): unknown {
  const digits = typeof value === "string" || typeof value === "number";
  return type === "bigint" && digits && !dialect.bigintsBoundAsText ? BigInt(value) : value;
}
