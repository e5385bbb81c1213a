/**
 * pagewise/typeorm: list and cursor list handlers over a TypeORM `SelectQueryBuilder`, on
 * PostgreSQL, MySQL/MariaDB and SQLite (docs/typeorm.md).
 * @packageDocumentation
 */

export type { CursorListContext, PageListContext } from "../contract.js";
export {
  type TypeormCursorPagesOptions,
  typeormCursorPages,
} from "./cursor-pages.js";
export { type EntityColumns, type TypeormPagesOptions, typeormPages } from "./pages.js";
export type { ColumnRefs } from "./source.js";
