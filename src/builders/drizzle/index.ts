/**
 * `pagewise/drizzle`: lists served from the user's own Drizzle select, on PostgreSQL,
 * MySQL/MariaDB and SQLite (docs/drizzle.md).
 */

export type { CursorListContext, PageListContext } from "../contract.js";
export { drizzleCursorPages } from "./cursor-pages.js";
export type {
  DrizzleCursorPagesOptions,
  DrizzleListOptions,
  DrizzlePagesOptions,
} from "./options.js";
export { drizzlePages } from "./pages.js";
export type { DrizzleDatabase, DrizzleQuery, OutputColumns, RowOf } from "./types.js";
