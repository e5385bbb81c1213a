/**
 * A list's `columns` option of a query builder's integration: each sort column the query's joins
 * make ambiguous (or that is not a column of its main table), by name, to the reference the
 * query knows it by (`{ created_at: "p.created_at" }` in Kysely, `{ tag: "v.tag" }` in TypeORM).
 *
 * @example
 * ```ts
 * const columns: ColumnRefs = { tag: "v.tag" };
 * ```
 */
export type ColumnRefs = { readonly [column: string]: string };
