import type { PathParams } from "../http/path-pattern.js";
import type { CountValue } from "../page/count-value.js";
import type { PageParams } from "../page/page-params.js";
import type { Page, PageSlice } from "../page/paginate.js";
import {
  type SortOption,
  type SortOptionColumns,
  sortSettings,
} from "../sort/sort-option.js";
import type { KnownColumns, SortOrder } from "../sort/sort-order.js";
import type { SortSettings } from "../sort/sort-param.js";
import type { RequestParams } from "../params/read-request-params.js";
import { schemaParamNames } from "../params/schema-names.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import type { OperationDoc } from "./operation-doc.js";
import { assertSortGiven } from "./sorted-handler.js";

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
 * The order a handler receives for a list's `sort` option, its terms named by the fields offered
 * and the tie-breaker's column, their columns those the option names ({@link SortOptionColumns}):
 * none without one.
 */
export type SortOf<O> =
  O extends SortOption<infer F, infer K>
    ? SortOrder<F | K, KnownColumns<SortOptionColumns<O>>>
    : undefined;

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
 *   fetches them (see {@link ListItems});
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
  | { readonly count: ListCount; readonly items: ListItems<T> }
  | { readonly items: readonly T[]; readonly hasMore: boolean }
  | {
      readonly items: (slice: PageSlice) => readonly T[] | PromiseLike<readonly T[]>;
      readonly hasMore?: undefined;
    };

/** A paginated JSON list method (see {@link list}); `Path`: its handler's path parameters. */
export interface ListMethod<N = unknown, Path = PathParams> {
  readonly kind: "list";
  readonly schema?: StandardSchemaV1;
  /** What its OpenAPI description says beyond the definition (see {@link OperationDoc}). */
  readonly openapi?: OperationDoc;
  /** The orders a client may choose, checked; `undefined` when the handler orders the rows. */
  readonly sort?: SortSettings;
  /** The names its schema reads, when it lets no other through (`schemaParamNames`): its links carry no other. */
  readonly paramNames?: ReadonlySet<string>;
  readonly handler: (
    context: ListContext<never, N, Path, never>,
  ) => ListResult<unknown> | Promise<ListResult<unknown>>;
}

/** A plain JSON method (see {@link json}); `Path`: its handler's path parameters. */
export interface JsonMethod<N = unknown, Path = PathParams> {
  readonly kind: "json";
  readonly schema?: StandardSchemaV1;
  /** What its OpenAPI description says beyond the definition (see {@link OperationDoc}). */
  readonly openapi?: OperationDoc;
  readonly status: number;
  /** `'object'` (default): parameters, a JSON object; `'json'`: any JSON value (an array for bulk creation). */
  readonly body: "object" | "json";
  readonly handler: (context: HandlerContext<never, N, Path>) => unknown;
}

/**
 * Defines a paginated list method: the handler returns the dataset (or its count and the page's
 * items) and pagewise answers 200 with `Content-Type: application/json`, the JSON array of the page,
 * and the `Link` and `X-Pagination-*` headers.
 *
 * With `sort`, a client chooses the order (`sort=-created_at,name`) among the fields offered: the
 * handler receives it checked as `sort` (the tie-breaker last) and sorts by it; a whole array it
 * returns is sorted here. A `sort` that names no offered order is a 400 `invalid_sort`.
 *
 * @param definition - `handler`, and optionally a zod `schema` for the parameters, `sort` (the
 *   orders offered: {@link SortOption}) and `openapi` (summary, row schema, the handler's own
 *   problems: {@link OperationDoc})
 * @throws {TypeError} for a misused `sort`, or none for a handler that orders by it (`kyselyPages`,
 *   `drizzlePages`), at definition
 * @example
 * ```ts
 * list({
 *   schema: z.object({ status: z.enum(["awaiting_sync", "failed"]).optional() }),
 *   sort: { fields: { name: true, created_at: true }, tieBreaker: "id", default: "-created_at" },
 *   handler: ({ params, path, sort }) => store.list(path.owner, path.repo, params.status, sort.sql()),
 * });
 * ```
 */
export function list<
  N = unknown,
  S extends StandardSchemaV1 | undefined = undefined,
  Path = PathParams,
  const O extends SortOption | undefined = undefined,
>(definition: {
  readonly schema?: S;
  readonly sort?: O;
  readonly openapi?: OperationDoc;
  readonly handler: (
    context: ListContext<RequestParams<S>, N, Path, SortOf<O>>,
  ) => ListResult<unknown> | Promise<ListResult<unknown>>;
}): ListMethod<N, Path> {
  const { sort, ...rest } = definition;
  assertSortGiven(definition.handler, sort);
  const settings = sort === undefined ? {} : { sort: sortSettings(sort) };
  const paramNames = schemaParamNames(definition.schema);
  const names = paramNames === undefined ? {} : { paramNames };
  return { kind: "list", ...rest, ...settings, ...names } as ListMethod<N, Path>;
}

/**
 * Defines a plain JSON method: pagewise answers `status` (default 200) with the handler's return
 * value as JSON, or 204 with no body when it returns `undefined`.
 *
 * @param definition - `handler`, optionally a zod `schema`, the success `status`, and `body: 'json'`
 *   to take any JSON value as the body (an array for bulk creation) instead of an object of
 *   parameters, and `openapi` (summary, body schema, the handler's own problems: {@link OperationDoc})
 * @example
 * ```ts
 * json({
 *   schema: z.object({ status: z.enum(["awaiting_sync", "failed"]) }),
 *   handler: ({ params, path }) => ({ deleted: store.deleteByStatus(path.owner, path.repo, params.status) }),
 * });
 * ```
 */
export function json<
  N = unknown,
  S extends StandardSchemaV1 | undefined = undefined,
  Path = PathParams,
>(definition: {
  readonly schema?: S;
  readonly openapi?: OperationDoc;
  readonly status?: number;
  readonly body?: "object" | "json";
  readonly handler: (context: HandlerContext<RequestParams<S>, N, Path>) => unknown;
}): JsonMethod<N, Path> {
  const { status = 200, body = "object" } = definition;
  return { kind: "json", ...definition, status, body } as JsonMethod<N, Path>;
}
