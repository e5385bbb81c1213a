import type { PathParams } from "../http/path-pattern.js";
import type { CursorCodec, CursorValue } from "../cursor/cursor-token.js";
import type { CursorSide, KeysetColumn, KeysetSql, SortColumn } from "../cursor/keyset.js";
import { keysetSql } from "../cursor/keyset.js";
import { type KeysetUnionStatement, keysetUnionSql } from "../cursor/keyset-union.js";
import type { SortOption } from "../sort/sort-option.js";
import type { KnownColumns, SortOrder, SortTerm } from "../sort/sort-order.js";
import type { SortSettings } from "../sort/sort-param.js";
import type { RequestParams } from "../params/read-request-params.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import type { ResourceResponse } from "./contract.js";
import type { CursorCount, HandlerContext, SortOf } from "./methods.js";
import type { OperationDoc } from "./operation-doc.js";
import type { ResourceOptions } from "./resource-options.js";
import type { ResourceSettings } from "./settings.js";

/** Where a cursor list's page lies: what its handler's keyset query needs. */
export interface CursorQuery {
  /** `after` or `before` the cursor; `undefined` on the first page (no cursor in the request). */
  readonly side: CursorSide | undefined;
  /** The cursor row's sort values, one per column of the order; `undefined` on the first page. */
  readonly values: readonly CursorValue[] | undefined;
  /** Rows on a page (the request's `page_size`, read as in page mode). */
  readonly pageSize: number;
  /** Rows to fetch: the page size plus one, which says whether another page lies beyond. */
  readonly limit: number;
  /**
   * The keyset query's parts for PostgreSQL (predicate, ORDER BY, LIMIT, values), placeholders
   * numbered from `firstParameter` (see {@link keysetSql}).
   *
   * @default firstParameter 1
   */
  sql(firstParameter?: number): KeysetSql;
  /**
   * The page's whole statement as a UNION ALL of one index range per prefix of the order (see
   * {@link keysetUnionSql}): for mixed directions or a first column with few values, where
   * `sql()`'s single predicate still reads every row sharing the cursor's first value. The plain
   * query when there is one branch (or no cursor). With several, its `lead` (the range nearest the
   * cursor alone) gives the page by itself whenever it returns `limit` rows: run it first, and the
   * union only when it comes back short (at the end of its range).
   *
   * @param selectOf - the query without ORDER BY and LIMIT, given the predicate to splice after its filter
   * @param firstParameter - the number of the keyset's first placeholder (after the filter's)
   * @default firstParameter 1
   * @example
   * ```ts
   * const { text, lead, values } = cursor.unionSql(
   *   (where) => `SELECT * FROM packages WHERE owner = $1 AND ${where}`,
   *   2,
   * );
   * const read = async (sql: string) => (await pool.query(sql, [path.owner, ...values])).rows;
   * const near = lead === undefined ? [] : await read(lead.text);
   * const rows = near.length === cursor.limit ? near : await read(text);
   * ```
   */
  unionSql(selectOf: (where: string) => string, firstParameter?: number): KeysetUnionStatement;
}

/** What a cursor list's handler receives: the context plus where the page lies, in which order. */
export interface CursorContext<P, N, Path = PathParams, Sort = SortOrder>
  extends HandlerContext<P, N, Path> {
  /** The page's place: `side`, `values`, `pageSize`, `limit`, and `sql()`/`unionSql()` for PostgreSQL. */
  readonly cursor: CursorQuery;
  /**
   * The list's order for this request, the tie-breaker last: the `order` given, or the one the
   * request chose with `sort` (or the default). `cursor.sql()` and `cursor.values` follow it.
   */
  readonly sort: Sort;
}

/** A cursor list's rows: an array or a function fetching them (run alongside a count function). */
export type CursorItems<T> =
  | readonly T[]
  | ((cursor: CursorQuery) => readonly T[] | PromiseLike<readonly T[]>);

/**
 * What a cursor list's handler returns:
 * - the whole list as an array (any order): pagewise orders it and takes the page;
 * - `{ items, count? }`: the rows of the keyset query in the direction of travel (nearest the
 *   cursor first, as `cursor.sql()`'s ORDER BY gives them), at most `cursor.limit`; and, when
 *   given, the list's total (a {@link CursorCount}) for `X-Pagination-Count`.
 */
export type CursorResult<T> =
  | readonly T[]
  | { readonly items: CursorItems<T>; readonly count?: CursorCount | undefined };

/** A cursor (keyset) list method (see {@link cursorList}); `Path`: its handler's path parameters. */
export interface CursorListMethod<N = unknown, Path = PathParams> {
  readonly kind: "cursor";
  readonly schema?: StandardSchemaV1;
  /** What its OpenAPI description says beyond the definition (see {@link OperationDoc}). */
  readonly openapi?: OperationDoc;
  readonly handler: (
    context: CursorContext<never, N, Path, never>,
  ) => CursorResult<unknown> | Promise<CursorResult<unknown>>;
  /** The orders, checked: a fixed `order` (no parameter read) or the ones `sort` offers. */
  readonly order: SortSettings;
  /** The names its schema reads, when it lets no other through (`schemaParamNames`): its links and tokens hold no other. */
  readonly paramNames?: ReadonlySet<string>;
  readonly codec: CursorCodec;
  readonly afterParam: string;
  readonly beforeParam: string;
  /** The longest token read (a longer one is a 400 `cursor_too_large`). */
  readonly maxCursorLength: number;
  /** A row's values in an order, checked, bigint as text. */
  readonly valuesOf: (row: unknown, order: readonly SortTerm[]) => readonly CursorValue[];
  /**
   * Serves one request of this list (`serveCursorList`). The method carries its server, which the
   * pipeline does not import, so a bundle without a cursor list leaves cursor code out. Its
   * resource and request are typed `never`: a resource's type holds its methods', so a method's
   * cannot name it (the pipeline passes the resource and request this method belongs to).
   */
  readonly serve: (
    resource: never,
    request: never,
    method: string,
    raw: Record<string, unknown>,
  ) => Promise<ResourceResponse>;
  /**
   * What `defineResource` checks of it against the resource's settings and options
   * (`assertCursorApart`): carried here, so a resource without a cursor list bundles none of it.
   */
  readonly assertApart: (
    settings: ResourceSettings<never>,
    options: ResourceOptions<never>,
  ) => void;
}

/**
 * The order a cursor list's handler receives: the one its `sort` option offers, else its fixed
 * `order`'s, its columns named.
 */
type CursorSortOf<O, Ord extends readonly SortColumn[]> = O extends SortOption
  ? SortOf<O>
  : SortOrder<string, KnownColumns<Ord[number]["name"]>>;

/**
 * What {@link cursorList} takes; `T` is a row, `Path` the handler's path parameters, `O` the
 * `sort` option and `Ord` the fixed `order`.
 */
export interface CursorListDefinition<
  N,
  S,
  T,
  Path = PathParams,
  O = undefined,
  Ord extends readonly SortColumn[] = readonly SortColumn[],
> {
  /** A zod schema (or another Standard Schema) for the filters: the query without page size and cursors. */
  readonly schema?: S;
  /**
   * A fixed order: columns with their directions, the last one unique (the tie-breaker): e.g.
   * `[{ name: "created_at", direction: "desc" }, { name: "id", direction: "desc", type: "bigint" }]`.
   * Give `order` or `sort`, not both.
   */
  readonly order?: Ord;
  /**
   * The orders a client may choose with `sort` ({@link SortOption}), instead of a fixed `order`:
   * tokens are bound to the order they were issued in.
   */
  readonly sort?: O;
  /** The HMAC secret signing tokens (at least 32 characters), or several, newest first (rotation). */
  readonly secret: string | readonly string[];
  /**
   * A row's sort values, one per term of the order (the request's, with `sort`), as JSON values
   * at the database's precision (a timestamp as text with its microseconds, not a `Date`).
   *
   * An unannotated `row` has the type of the handler's rows when `valuesOf` is written after
   * `handler` (TypeScript infers in the order written); before it, annotate the row (checked
   * against the handler's rows).
   *
   * @default each column's property of the row, a `bigint` as text
   */
  readonly valuesOf?: (row: T, order: readonly SortTerm[]) => readonly (CursorValue | bigint)[];
  /** @default "after" */
  readonly afterParam?: string;
  /** @default "before" */
  readonly beforeParam?: string;
  /** @default 2048 */
  readonly maxCursorLength?: number;
  /** What its OpenAPI description says beyond the definition (see {@link OperationDoc}). */
  readonly openapi?: OperationDoc;
  readonly handler: (
    context: CursorContext<RequestParams<S>, N, Path, CursorSortOf<O, Ord>>,
  ) => CursorResult<T> | Promise<CursorResult<T>>;
}

/** The {@link CursorQuery} of a request. */
export function cursorQuery(
  columns: readonly KeysetColumn[],
  side: CursorSide | undefined,
  values: readonly CursorValue[] | undefined,
  pageSize: number,
): CursorQuery {
  const cursor = side === undefined || values === undefined ? undefined : { side, values };
  return {
    side: cursor?.side,
    values: cursor?.values,
    pageSize,
    limit: pageSize + 1,
    sql: (firstParameter = 1) => keysetSql(columns, cursor, pageSize, firstParameter),
    unionSql: (selectOf, firstParameter = 1) =>
      keysetUnionSql(keysetSql(columns, cursor, pageSize, firstParameter), selectOf),
  };
}
