import {
  type Handler,
  type HandlerContext,
  type ListContext,
  type ListResult,
  sortMissing,
} from "../builders/contract.js";
import type { PathParams } from "../http/path-pattern.js";
import type { RequestParams } from "../params/read-request-params.js";
import { schemaParamNames } from "../params/schema-names.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import { type SortOption, type SortOptionColumns, sortSettings } from "../sort/sort-option.js";
import type { KnownColumns, SortOrder } from "../sort/sort-order.js";
import type { SortSettings } from "../sort/sort-param.js";
import type { OperationDoc } from "./operation-doc.js";

/**
 * The order a handler receives for a list's `sort` option, its terms named by the fields offered
 * and the tie-breaker's column, their columns those the option names ({@link SortOptionColumns}):
 * none without one.
 */
export type SortOf<O> =
  O extends SortOption<infer F, infer K>
    ? SortOrder<F | K, KnownColumns<SortOptionColumns<O>>>
    : undefined;

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
  readonly handler: Handler<
    ListContext<RequestParams<S>, N, Path, SortOf<O>>,
    ListResult<unknown> | Promise<ListResult<unknown>>
  >;
}): ListMethod<N, Path> {
  const { sort, ...rest } = definition;
  const handler = handlerFunction(definition.handler, sort !== undefined);
  const settings = sort === undefined ? {} : { sort: sortSettings(sort) };
  const paramNames = schemaParamNames(definition.schema);
  const names = paramNames === undefined ? {} : { paramNames };
  return { kind: "list", ...rest, handler, ...settings, ...names } as ListMethod<N, Path>;
}

/**
 * A list's handler as the pipeline calls it: the user's function as it is, an integration's
 * `handle` once its needs are met (a list without `sort` whose integration orders by it is a
 * TypeError, when the list is defined). A handler the user wrapped is a plain function: the
 * integration refuses a list without `sort` at its first request instead.
 *
 * @param handler - the list's `handler`
 * @param sorted - whether the list has an order to give it
 * @throws {TypeError} naming the fix
 * @example
 * ```ts
 * const handle = handlerFunction(definition.handler, definition.sort !== undefined);
 * ```
 */
export function handlerFunction<X, R>(handler: Handler<X, R>, sorted: boolean): (context: X) => R {
  if (typeof handler === "function" || typeof handler !== "object" || handler === null) {
    return handler as (context: X) => R;
  }
  if (handler.needs?.sort === true && !sorted) throw sortMissing(handler.name);
  return handler.handle;
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
