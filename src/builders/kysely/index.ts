/**
 * pagewise/kysely: list and cursor list handlers over a Kysely select query, on PostgreSQL,
 * MySQL/MariaDB and SQLite (docs/kysely.md).
 * @packageDocumentation
 */

export type { CursorListContext, PageListContext } from "../contract.js";
export {
  type KyselyCursorPagesOptions,
  kyselyCursorPages,
} from "./cursor-pages.js";
export { type KyselyPagesOptions, kyselyPages } from "./pages.js";
export type { ColumnRefs } from "./source.js";
