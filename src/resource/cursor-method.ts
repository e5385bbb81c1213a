import type { PathParams } from "../http/path-pattern.js";
import { assertParamName, describeValue } from "../option-checks.js";
import { defaults } from "../options.js";
import { type CursorCodec, type CursorValue, cursorCodec } from "../pagination/cursor-token.js";
import type { CursorSide, KeysetColumn, KeysetSql, SortColumn } from "../pagination/keyset.js";
import { keysetSql, sortColumns } from "../pagination/keyset.js";
import { type KeysetUnionStatement, keysetUnionSql } from "../pagination/keyset-union.js";
import { type SortOption, sortSettings } from "../pagination/sort-option.js";
import {
  type KnownColumns,
  type SortOrder,
  type SortTerm,
  sortOrder,
} from "../pagination/sort-order.js";
import type { SortSettings } from "../pagination/sort-param.js";
import type { RequestParams } from "../params/read-request-params.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import { carriedValues } from "./carried-values.js";
import type { CursorCount, HandlerContext, SortOf } from "./methods.js";
import type { OperationDoc } from "./operation-doc.js";

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
  readonly codec: CursorCodec;
  readonly afterParam: string;
  readonly beforeParam: string;
  /** The longest token read (a longer one is a 400 `cursor_too_large`). */
  readonly maxCursorLength: number;
  /** A row's values in an order, checked, bigint as text. */
  readonly valuesOf: (row: unknown, order: readonly SortTerm[]) => readonly CursorValue[];
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

/**
 * Defines a cursor (keyset) list: pages `after` or `before` an opaque signed token instead of page
 * numbers, so a page costs the same at any depth (an index range scan, no OFFSET) and a walk
 * neither skips nor repeats rows while others write. A departure from the spec, opt-in
 * (docs/cursors.md): links `first`, `prev` and `next`, never `last`; `X-Pagination-PageSize`
 * always, `X-Pagination-Count` when the handler gives a count. Tokens are bound to the filters
 * (the path parameters and the query but the page size) and the order: another query's token,
 * a tampered or foreign one is a 400 problem.
 *
 * @param definition - `order`, `secret`, `handler`, optionally `schema`, `valuesOf`, the parameter
 *   names and `maxCursorLength`
 * @throws {TypeError} or {@link RangeError} for a bad order, secret, name or length (at definition)
 * @example
 * ```ts
 * cursorList({
 *   order: [{ name: "id", type: "bigint" }],
 *   secret: process.env.CURSOR_SECRET ?? "", // 32 characters or more, else a TypeError here
 *   handler: async ({ path, cursor }) => {
 *     const { where, orderBy, limit, values } = cursor.sql(2);
 *     const { rows } = await pool.query(
 *       `SELECT * FROM packages WHERE repo = $1 AND ${where} ORDER BY ${orderBy} LIMIT ${limit}`,
 *       [path.repo, ...values],
 *     );
 *     return { items: rows };
 *   },
 * });
 * ```
 */
export function cursorList<
  N = unknown,
  S extends StandardSchemaV1 | undefined = undefined,
  T = unknown,
  Path = PathParams,
  const O extends SortOption | undefined = undefined,
  const Ord extends readonly SortColumn[] = readonly SortColumn[],
>(definition: CursorListDefinition<N, S, T, Path, O, Ord>): CursorListMethod<N, Path> {
  const { secret, valuesOf, schema, handler, openapi } = definition;
  const {
    afterParam = defaults.afterParam,
    beforeParam = defaults.beforeParam,
    maxCursorLength = defaults.maxCursorLength,
  } = definition;
  const order = orderSettings(definition.order, definition.sort);
  assertParamName("afterParam", afterParam);
  assertParamName("beforeParam", beforeParam);
  if (afterParam === beforeParam) {
    throw new TypeError(
      `afterParam and beforeParam must differ; both are ${JSON.stringify(afterParam)}`,
    );
  }
  if (valuesOf !== undefined && typeof valuesOf !== "function") {
    throw new TypeError(`valuesOf must be a function of a row; got ${describeValue(valuesOf)}`);
  }
  const read =
    valuesOf ??
    ((row: T, terms: readonly SortTerm[]) =>
      carriedValues(row) ?? terms.map((t) => (row as Record<string, never>)[t.column]));
  return {
    kind: "cursor",
    ...(schema === undefined ? {} : { schema: schema as StandardSchemaV1 }),
    ...(openapi === undefined ? {} : { openapi }),
    handler: handler as CursorListMethod<N, Path>["handler"],
    order,
    codec: cursorCodec(secret, { maxLength: maxCursorLength }),
    afterParam,
    beforeParam,
    maxCursorLength,
    valuesOf: (row, terms) => sortValues(terms, read(row as T, terms)),
  };
}

/** A cursor list's orders: a fixed `order`, or the ones `sort` offers; one of them. */
function orderSettings(order: unknown, sort: SortOption | undefined): SortSettings {
  if ((order === undefined) === (sort === undefined)) {
    throw new TypeError(
      'A cursor list takes a fixed order ([{ name: "id" }]) or sort (the orders a client may choose), one of them',
    );
  }
  if (sort !== undefined) return sortSettings(sort);
  const terms = sortColumns(order as readonly SortColumn[]).map((c) => ({
    ...c,
    field: c.name,
    column: c.name,
    direction: c.ascending ? ("asc" as const) : ("desc" as const),
  }));
  const last = terms.at(-1) as SortTerm;
  return {
    param: undefined,
    fields: new Map(),
    tieBreaker: [last, last],
    defaultOrder: sortOrder(terms),
  };
}

/** A row's sort values checked as a token can carry them: JSON primitives, a bigint as text. */
function sortValues(
  columns: readonly KeysetColumn[],
  values: readonly unknown[],
): readonly CursorValue[] {
  if (!Array.isArray(values) || values.length !== columns.length) {
    throw new TypeError(
      `A cursor list's row gave ${describeValue(values)} as its sort values; the order has ${columns.length} columns`,
    );
  }
  return values.map((value, i) => {
    const column = columns[i] as KeysetColumn;
    if (value === null && !column.nullable) {
      throw new TypeError(
        `A cursor list's row has NULL for the sort column "${column.name}", which the order does not declare nullable: give it nullable: true (a NULL compared as a value would lose rows)`,
      );
    }
    if (column.type === "bigint") return wholeValue(column.name, value);
    if (column.type === "timestamp" && value instanceof Date)
      return instantValue(column.name, value);
    if (typeof value === "bigint") {
      throw new TypeError(
        `A cursor list's row has a bigint for the sort column "${column.name}": give the column type: "bigint" (compared as whole numbers, not as text)`,
      );
    }
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value))
    ) {
      return value;
    }
    const name = column.name;
    const hint =
      value instanceof Date
        ? ' Give the column type: "timestamp" for a Date of a list in memory; a database\'s timestamp holds microseconds a Date drops: select it as text (created_at::text), or serve it through pagewise/kysely or pagewise/drizzle, which do.'
        : "";
    throw new TypeError(
      `A cursor list's row has ${describeValue(value)} for the sort column "${name}", which a cursor cannot carry.${hint}`,
    );
  });
}

/** A `"timestamp"` column's `Date` as a cursor carries it: ISO 8601 text, which orders as instants do. */
function instantValue(name: string, value: Date): CursorValue {
  if (!Number.isNaN(value.getTime())) return value.toISOString();
  throw new TypeError(`A cursor list's row has an invalid Date for the sort column "${name}"`);
}

/** A `"bigint"` column's value as a cursor carries it: whole-number text. */
function wholeValue(name: string, value: unknown): CursorValue {
  if (value === null) return null;
  if (typeof value === "bigint" || Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && /^-?[0-9]{1,19}$/.test(value)) return value;
  throw new TypeError(
    `A cursor list's row has ${describeValue(value)} for the bigint sort column "${name}": a whole number, as a bigint, a safe integer or its digits`,
  );
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
