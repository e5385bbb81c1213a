/**
 * A search's page from a store that pages and counts matches itself (the memory and SQL stores):
 * the rows first (one more than a page), the count only when they do not tell the total, counted
 * up to the cap (`X-Pagination-CountAtLeast` above it) or exactly with a cap of 0.
 */
import { capCount, type ListResult, type PageSlice } from "pagewise";
import type { Answer, Package, PackageOrder, SearchFilter } from "./package-store.js";

/** What a store that searches by offset provides. */
export interface OffsetSearcher {
  /**
   * `limit` packages from `offset`, in the order given, whose name contains the filter's text
   * (ASCII letters in either case, see `searchFold`; `%`, `_` and `\` as themselves).
   */
  search(
    owner: string,
    repo: string,
    filter: SearchFilter,
    offset: number,
    limit: number,
    order?: PackageOrder,
    signal?: AbortSignal,
  ): Answer<Package[]>;
  /** How many packages match the filter, counting at most `limit` of them (all without one). */
  countMatches(
    owner: string,
    repo: string,
    filter: SearchFilter,
    limit?: number,
    signal?: AbortSignal,
  ): Answer<number>;
}

/**
 * The search's list result for pagewise.
 *
 * @param store - the store's search and count
 * @param cap - the most matches counted exactly; 0: all
 * @param signal - the request's, handed to each query
 * @example
 * ```ts
 * offsetSearch(store, "demo", "tools", { query: "pkg" }, undefined, 10_000);
 * ```
 */
export function offsetSearch(
  store: OffsetSearcher,
  owner: string,
  repo: string,
  filter: SearchFilter,
  order: PackageOrder,
  cap: number,
  signal?: AbortSignal,
): ListResult<Package> {
  return {
    count: {
      whenNeeded: async () =>
        cap === 0
          ? await store.countMatches(owner, repo, filter, undefined, signal)
          : capCount(await store.countMatches(owner, repo, filter, cap + 1, signal), cap),
    },
    items: ({ offset, limit }: PageSlice) =>
      store.search(owner, repo, filter, offset, limit, order, signal),
  };
}
