import type { SortType } from "../options.js";
import type { Dialect } from "./dialect.js";

/**
 * The type a sort column is cast to for a cursor to keep every digit the database stores, or
 * `undefined` where the value is read as it is: a timestamp or a bigint as text (PostgreSQL
 * `text`, MySQL and MariaDB `CHAR`, SQLite `TEXT` for a bigint), while SQLite's timestamp is its
 * stored text already and a `"json"` column is what the driver reads.
 *
 * @param dialect - the database's dialect
 * @param type - the sort column's type
 * @example
 * ```ts
 * exactTextType(DIALECTS.mysql, "timestamp"); // "char": CAST(created_at AS CHAR)
 * ```
 */
export function exactTextType(dialect: Dialect, type: SortType): "text" | "char" | undefined {
  if (type === "json" || (type === "timestamp" && dialect.timestampsAsText)) return undefined;
  return dialect.textType;
}
