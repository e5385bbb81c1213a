import type { CursorContext, CursorResult, Handler } from "../builders/contract.js";
import type { CursorCodec, CursorValue } from "../cursor/cursor-token.js";
import type { SortColumn } from "../cursor/keyset.js";
import type { PathParams } from "../http/path-pattern.js";
import type { RequestParams } from "../params/read-request-params.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import type { SortOption } from "../sort/sort-option.js";
import type { KnownColumns, SortOrder, SortTerm } from "../sort/sort-order.js";
import type { SortSettings } from "../sort/sort-param.js";
import type { ResourceResponse } from "./contract.js";
import type { SortOf } from "./methods.js";
import type { OperationDoc } from "./operation-doc.js";
import type { ResourceOptions } from "./resource-options.js";
import type { ResourceSettings } from "./settings.js";

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
  /**
   * A row's values in an order, checked, bigint as text: those the handler gave beside it
   * (`given`, a {@link CursorResult}'s `values`), unless the list reads its own (`valuesOf`).
   */
  readonly valuesOf: (
    row: unknown,
    order: readonly SortTerm[],
    given?: readonly unknown[],
  ) => readonly CursorValue[];
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
   * against the handler's rows). Given, it is read over the `values` a handler's result gives.
   *
   * @default the row's values its handler gave beside it (`values`, as pagewise/kysely and
   *   pagewise/drizzle do), else each column's property of the row; a `bigint` as text
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
  /**
   * The handler: the user's function, or an integration's description
   * (`kyselyCursorPages(db, query)`).
   */
  readonly handler: Handler<
    CursorContext<RequestParams<S>, N, Path, CursorSortOf<O, Ord>>,
    CursorResult<T> | Promise<CursorResult<T>>
  >;
}
