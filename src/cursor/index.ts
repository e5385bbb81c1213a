/**
 * pagewise/cursor: the building blocks of cursor (keyset) pagination, an opt-in departure from the
 * spec (docs/cursors.md), for queries and pages of your own. `cursorList` (in `pagewise`) serves a
 * cursor list with all of them; these are for what it does not do for you: the order's columns,
 * the keyset SQL (one predicate, or a UNION ALL of index ranges) and its in-memory twin, the
 * signed token codec, and a cursor page's links and headers.
 * @packageDocumentation
 */
export {
  type CursorLinkTargets,
  type CursorParamNames,
  cursorLinkHeader,
} from "./cursor-links.js";
export { type CursorPage, type CursorPageRequest, cursorPage } from "./cursor-page.js";
export {
  type CursorCodec,
  type CursorCodecOptions,
  type CursorValue,
  cursorCodec,
} from "./cursor-token.js";
export {
  type CursorSide,
  compareSortValues,
  type KeysetColumn,
  type KeysetSql,
  keysetSql,
  type SortColumn,
  sortColumns,
} from "./keyset.js";
export { keysetRows } from "./keyset-rows.js";
export {
  type KeysetStatement,
  type KeysetUnionStatement,
  keysetUnionSql,
} from "./keyset-union.js";
