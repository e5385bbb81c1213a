/**
 * The integration contract: what a list's handler receives and returns, and what a data layer's
 * integration (pagewise/kysely, pagewise/drizzle, the next one) hands `list()` and `cursorList()`.
 * Written in the core's types alone (page/, sort/, cursor/, http/): the pipeline (`resource/`)
 * reads it, an integration satisfies it, and neither reaches into the other
 * (docs/development.md, "Writing an integration").
 *
 * - A handler receives a {@link ListContext} (page mode) or a {@link CursorContext} (cursor mode).
 * - It returns a {@link ListResult} or a {@link CursorResult}: a cursor page's rows with each
 *   row's {@link SortValues} beside them, read at the database's precision.
 * - An integration hands the list an {@link Integration}: `{ name, needs, handle }`, read when
 *   the list is defined (a list without `sort` whose integration needs it is a TypeError then).
 * - A user's own handler stays a plain function.
 */

import type { CursorQuery } from "../cursor/cursor-query.js";
import type { PathParams } from "../http/path-pattern.js";
import type { CountValue } from "../page/count-value.js";
import type { PageParams } from "../page/page-params.js";
import type { PageSlice } from "../page/paginate.js";
import type { SortOrder } from "../sort/sort-order.js";

/**
 * What a handler receives.
 *
 * @typeParam P - the validated parameters (the schema's output)
 * @typeParam N - the framework's request
 * @typeParam Path - the path parameters: typed from the route's pattern when `defineResource` is
 *   given one ({@link PathParams})
 */
export interface HandlerContext<P, N, Path = PathParams> {
  /** The request's parameters (query for GET, JSON body for DELETE/PATCH/POST/PUT), validated by `schema`. */
  readonly params: P;
  /**
   * Path parameters from the router, e.g. `{ owner, repo }`: each a `string` when the resource is
   * defined with its route's pattern (`defineResource("/package/:owner/:repo/", …)`), else a record.
   */
  readonly path: Path;
  /** The request method in upper case (`GET` for a HEAD request). */
  readonly method: string;
  /** The framework's own request object. */
  readonly request: N;
  /**
   * The API version asked for, one of the resource's `version.served` (its default when the
   * request names none); `undefined` when the resource declares no versions.
   */
  readonly version: string | undefined;
  /**
   * Aborted when the client goes away before its answer, or when the resource's `deadline`
   * passes (its reason then the 503 `deadline_exceeded` problem): work for this request can
   * stop. A store may skip work not yet started (`signal.throwIfAborted()` before a queued
   * query) and cancel a running one (`signal.addEventListener("abort", cancel, { once: true })`,
   * removed when the query ends). Ignoring it is safe: the answer is then only wasted (after a
   * deadline, pagewise has already answered 503 and drops the handler's result).
   */
  readonly signal: AbortSignal;
}

/**
 * What a list handler receives: the context plus the page parameters read from the request. Its
 * `params` (validated by the list's `schema`) hold the request's own parameters, without pagewise's
 * page and page-size parameters, so a strict schema lists only its filters.
 */
export interface ListContext<P, N, Path = PathParams, Sort = undefined>
  extends HandlerContext<P, N, Path> {
  /** The requested page number and the effective page size, per the spec's rules: `{ page, pageSize }`. */
  readonly pageParams: PageParams;
  /**
   * The order the request chose with `sort` (or the default), checked, the tie-breaker last: what
   * the rows are sorted by ({@link SortOrder}). `undefined` for a list without a `sort` option.
   */
  readonly sort: Sort;
}

/**
 * A list's count:
 * - a {@link CountValue} (an exact whole number, `{ atLeast }` from {@link capCount}, or
 *   `{ estimate }`), a promise of one, or a function giving either: a promise or a function runs
 *   alongside `items()` (a page costs the slower of the two, not their sum), except with
 *   `overflow: 'last'`, which needs the count before it knows which page to fetch, and for a page
 *   that may be past the end (docs/databases.md#pages-past-the-end), whose rows query the count
 *   may spare;
 * - `{ whenNeeded: () => count }`: `items()` is asked first, for one row more than a page, and the
 *   count only when those rows do not tell the total (a row follows, or the page is past the
 *   end): no count query for a list that fits on its page, or on its last page (a derived
 *   count), at the price of running after the rows instead of beside them.
 *
 * An exact count is the spec's `X-Pagination-Count`; a bound or an estimate has its own header and
 * the list is paged by `next` links (docs/databases.md). node-postgres gives `count(*)` as a
 * string: pass `Number(row.count)`.
 */
export type ListCount =
  | CursorCount
  | { readonly whenNeeded: () => CountValue | PromiseLike<CountValue> };

/**
 * A cursor list's count, given beside its rows: a {@link CountValue}, a promise of one, or a
 * function giving either, run alongside `items()`. No `{ whenNeeded }` (a page list's
 * {@link ListCount} takes it): a cursor page's rows tell the total only when the whole list fits
 * on its first page, so a count asked for after the rows would nearly always run, and run after
 * them instead of beside them.
 */
export type CursorCount =
  | CountValue
  | PromiseLike<CountValue>
  | (() => CountValue | PromiseLike<CountValue>);

/**
 * A list's rows: the page's rows as an array, or a function fetching the rows of a
 * {@link PageSlice} (`offset`, `limit`). With a count known first, the slice is the computed
 * {@link Page}, and the function is not called for a page that holds nothing.
 */
export type ListItems<T> =
  | readonly T[]
  | ((slice: PageSlice) => readonly T[] | PromiseLike<readonly T[]>);

/**
 * What a list handler returns:
 * - the whole dataset as an array: pagewise slices it;
 * - `{ count, items }`: the total (see {@link ListCount}) and the page's rows or the function that
 *   fetches them (see {@link ListItems}), with `countMayBeInexact: true` when the count may be a
 *   bound or an estimate;
 * - `{ items, hasMore }` or `{ items: (slice) => rows }` without a count: a countless page, an
 *   opt-in departure from the spec for tables too large to count (no `X-Pagination-Count`,
 *   `-PageTotal` or `last` link; docs/databases.md). A function is asked for `limit` = page size
 *   + 1 rows: the extra row says whether another page follows, and is not sent.
 *
 * The rows are at most a page (up to a page size beyond `page.limit` is taken as a row added since
 * the count: the first `page.limit` go out). Anything else is thrown as a bug (TypeError,
 * RangeError), never sent.
 */
export type ListResult<T> =
  | readonly T[]
  | {
      readonly count: ListCount;
      readonly items: ListItems<T>;
      /**
       * The count may be a bound or an estimate (a query builder's `{ cap }` or `"estimate"`): run
       * alongside the rows, the rows are asked for with one row more than the page, which says
       * whether another follows, so no second rows query asks it.
       * @default false
       */
      readonly countMayBeInexact?: boolean;
    }
  | { readonly items: readonly T[]; readonly hasMore: boolean }
  | {
      readonly items: (slice: PageSlice) => readonly T[] | PromiseLike<readonly T[]>;
      readonly hasMore?: undefined;
    };

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
 * A row's sort values, one per term of the order, at the database's precision: JSON values (a
 * timestamp as text with its microseconds, not a `Date`), a bigint as a `bigint` or its digits.
 * Checked when a cursor is made of them, as a list's `valuesOf` is (a value no cursor can carry
 * is a TypeError).
 */
export type SortValues = readonly unknown[];

/**
 * What a cursor list's handler returns:
 * - the whole list as an array (any order): pagewise orders it and takes the page;
 * - `{ items, count?, values? }`: the rows of the keyset query in the direction of travel
 *   (nearest the cursor first, as `cursor.sql()`'s ORDER BY gives them), at most `cursor.limit`;
 *   when given, the list's total (a {@link CursorCount}) for `X-Pagination-Count`; and, beside
 *   an array of rows, `values`: each row's {@link SortValues}, by its index, which the cursors
 *   are made of. An integration reads them at the database's precision apart from the rows it
 *   answers (pagewise/kysely, pagewise/drizzle); a handler of the user's leaves them out, and
 *   each row's values are read off it (the list's `valuesOf`, by default the row's members named
 *   by the order's columns). A list's own `valuesOf`, when given, is used over them.
 */
export type CursorResult<T> =
  | readonly T[]
  | {
      readonly items: readonly T[];
      readonly count?: CursorCount | undefined;
      readonly values?: readonly SortValues[] | undefined;
    }
  | {
      readonly items: (cursor: CursorQuery) => readonly T[] | PromiseLike<readonly T[]>;
      readonly count?: CursorCount | undefined;
      readonly values?: undefined;
    };

/**
 * A page list's context as a query function of `kyselyPages` or `drizzlePages` receives it: what
 * an unannotated one is typed (`params` `unknown`, `path` a record of strings), or, given the
 * list's parameters and path, an annotation for it. TypeScript types a function's parameter from
 * the call it is passed to, and that call (`kyselyPages(db, (context) => …)`) is checked inside
 * `list({ … })` before `list` has inferred its schema's type: the schema's parameters cannot reach
 * an unannotated parameter. A query function may also be annotated with only what it reads
 * (`({ path }: { path: { owner: string } })`) or with the list's whole `ListContext<…>`.
 *
 * @typeParam P - the list's parameters (its schema's output)
 * @typeParam Path - the route's path parameters
 * @typeParam N - the framework's request
 * @default P `unknown`, Path a record of strings, N `unknown`
 * @example
 * ```ts
 * const schema = z.object({ status: z.enum(["active", "archived"]).optional() });
 * const query = ({ params, path }: PageListContext<z.output<typeof schema>, { owner: string }>) => …;
 * ```
 */
export type PageListContext<P = unknown, Path = PathParams, N = unknown> = ListContext<
  P,
  N,
  Path,
  SortOrder | undefined
>;

/**
 * A cursor list's context as a query function of `kyselyCursorPages` or `drizzleCursorPages`
 * receives it: unannotated, or as an annotation ({@link PageListContext} says why `params` is
 * `unknown` unless annotated).
 *
 * @typeParam P - the list's parameters (its schema's output)
 * @typeParam Path - the route's path parameters
 * @typeParam N - the framework's request
 * @default P `unknown`, Path a record of strings, N `unknown`
 * @example
 * ```ts
 * const query = ({ path, cursor }: CursorListContext<unknown, { owner: string }>) => …;
 * ```
 */
export type CursorListContext<P = unknown, Path = PathParams, N = unknown> = CursorContext<
  P,
  N,
  Path,
  SortOrder
>;

/**
 * What a handler that orders its rows by the list's `sort` requires of its context: an order
 * (a list without `sort` has none), its columns among `C`, the columns its query has.
 *
 * @typeParam C - the columns the handler's query can order by
 */
export interface SortedBy<C extends string> {
  readonly sort: SortOrder<string, C>;
}

/**
 * A handler's context `X` as a handler ordering its query by the list's `sort` takes it: `X`
 * but for its `sort`, an order of the query's columns `C`. A list whose `sort` names another
 * column (or that has no `sort`) is a type error at its definition.
 *
 * @typeParam X - the context the handler is written for
 * @typeParam C - the columns its query can order by
 * @example
 * ```ts
 * type Takes = Sorted<PageListContext, "id" | "name">; // sort: SortOrder<string, "id" | "name">
 * ```
 */
export type Sorted<X, C extends string> = Omit<X, "sort"> & SortedBy<C>;

/**
 * What an integration hands `list()` or `cursorList()` as its `handler`: a description the list
 * reads when it is defined, not a function marked out of sight.
 *
 * @typeParam X - the context `handle` takes
 * @typeParam R - what it returns: a {@link ListResult} or a {@link CursorResult}, or a promise
 * @example
 * ```ts
 * const handler: Integration<Sorted<PageListContext, "id">, ListResult<Row>> = {
 *   name: "myPages",
 *   needs: { sort: true },
 *   handle: (context) => ({ items: (slice) => rowsOf(context.sort, slice) }),
 * };
 * list({ sort: { fields: {}, tieBreaker: "id" }, handler });
 * ```
 */
export interface Integration<X, R> {
  /** The function that made it (`kyselyPages`), named in its errors. */
  readonly name: string;
  /**
   * What the list must give: `sort: true` for a handler that orders its rows by the list's
   * `sort` (a page list without one is a TypeError when defined; a cursor list always has an
   * order).
   */
  readonly needs: { readonly sort: boolean };
  /** The handler: a request's context in, its result out. */
  readonly handle: (context: X) => R;
}

/**
 * A list's `handler`: the user's own function, or an integration's {@link Integration}.
 *
 * @typeParam X - the context it takes
 * @typeParam R - what it returns
 */
export type Handler<X, R> = ((context: X) => R) | Integration<X, R>;

/**
 * The TypeError of a list without `sort` whose handler orders its rows by it.
 *
 * @param integration - the function that made the handler (`kyselyPages`)
 * @example
 * ```ts
 * throw sortMissing("kyselyPages");
 * ```
 */
export function sortMissing(integration: string): TypeError {
  return new TypeError(
    `${integration} orders the rows by the list's sort option: give the list sort ({ fields, tieBreaker, default })`,
  );
}
