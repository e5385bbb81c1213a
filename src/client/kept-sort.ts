import { PaginationError } from "./pagination-error.js";

/** A walk's order: the sort text it asked for, under its parameter's name. */
export interface WalkSort {
  /** The sort parameter's name (`WalkOptions.sortParam`). */
  readonly sortParam: string;
  /** The text asked for (the `sort` option, else the start URL's); undefined: the server's order. */
  readonly sort: string | undefined;
}

/**
 * Keeps a walk's order on a next link: a link without the sort parameter gets the walk's (as it
 * gets the page size), one that carries the walk's value goes as it is, and one that carries
 * another value (or the parameter more than once) ends the walk: its pages would come in another
 * order, and rows would be skipped or repeated where the two orders differ.
 *
 * @param walk - the walk's sort and its parameter
 * @param url - the next page's URL, resolved; the sort is added to it in place
 * @param from - the URL of the page whose link it is, for the error
 * @throws {PaginationError} `sort_mismatch`, naming both values
 * @example
 * ```ts
 * const url = new URL("https://api.test/items/?page=2");
 * keepSort({ sortParam: "sort", sort: "-created_at" }, url, "https://api.test/items/");
 * url.href; // "https://api.test/items/?page=2&sort=-created_at"
 * ```
 */
export function keepSort(walk: WalkSort, url: URL, from: string): void {
  const { sort, sortParam } = walk;
  if (sort === undefined) return;
  const given = url.searchParams.getAll(sortParam);
  if (given.length === 0) url.searchParams.set(sortParam, sort);
  else if (given.length > 1 || given[0] !== sort) {
    throw new PaginationError(
      "sort_mismatch",
      `The next link asks for ${sortParam}=${given.map((v) => JSON.stringify(v)).join(" and ")} where the walk asked for ${JSON.stringify(sort)}: its pages would come in another order. Write the walk's sort as the server writes it in its links, or fix the server's links`,
      from,
    );
  }
}
