import type { SortOrder } from "../sort/sort-order.js";

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

/** The mark of a handler that orders its rows by the list's `sort`: the integration's name. */
const NEEDS_SORT = Symbol("pagewise.needsSort");

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

/**
 * Marks a handler as one that orders its rows by the list's `sort`, so that `list()` refuses it
 * without one when the list is defined, not at its first request.
 *
 * @param handler - the handler
 * @param integration - the function that made it, named in the TypeError
 * @returns the handler, marked
 * @example
 * ```ts
 * return needsSort((context) => …, "kyselyPages");
 * ```
 */
export function needsSort<H extends object>(handler: H, integration: string): H {
  Object.defineProperty(handler, NEEDS_SORT, { value: integration });
  return handler;
}

/**
 * Refuses a list without `sort` whose handler needs it ({@link needsSort}). A handler wrapped
 * by the user carries no mark: the integration refuses it at its first request instead.
 *
 * @param handler - the list's handler
 * @param sort - the list's `sort` option
 * @throws {TypeError} naming the fix
 * @example
 * ```ts
 * assertSortGiven(definition.handler, definition.sort);
 * ```
 */
export function assertSortGiven(handler: unknown, sort: unknown): void {
  if (sort !== undefined || typeof handler !== "function") return;
  const integration = (handler as { [NEEDS_SORT]?: string })[NEEDS_SORT];
  if (integration !== undefined) throw sortMissing(integration);
}
