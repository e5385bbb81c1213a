/**
 * When a walk by page number reads the row just before each page it fetches (the edge), to see
 * rows that moved under it: on pages without `X-Pagination-Count` (a capped, estimated or
 * countless list, where no count can show a change), on every page, or never.
 */
export const EDGE_CHECKS = ["uncounted", "always", "never"] as const;

/** One of {@link EDGE_CHECKS}. */
export type EdgeCheck = (typeof EDGE_CHECKS)[number];

/** What the row at a page edge says of the rows before it, against the last row read. */
export type EdgeMove =
  /** The last row read is still just before the page: nothing moved past the edge. */
  | "held"
  /** A row read before now stands there: rows were added before it, and the page repeats some. */
  | "grew"
  /**
   * Another row, or none: rows before went, and rows moved onto pages already read (or so many
   * rows came that only new ones stand there: read again, nothing is lost).
   */
  | "shrank";

/**
 * The URL of the last row of page `page` on its own: page `page × pageSize` at page size 1, the
 * filters of `next` kept. After the list changed, another row stands there.
 *
 * @param next - the next page's URL, whose page parameter is `page + 1` (a walk by page number)
 * @param page - the number of the page read (`X-Pagination-Page`)
 * @param pageSize - its size (`X-Pagination-PageSize`)
 * @param names - the walk's page and page-size parameters
 * @returns the URL, or undefined when `next` is not the following page by number (a cursor link)
 * @example
 * ```ts
 * edgeUrl("https://api.test/items/?page=3&page_size=10", 2, 10, { pageParam: "page", pageSizeParam: "page_size" });
 * // "https://api.test/items/?page=20&page_size=1"
 * ```
 */
export function edgeUrl(
  next: string,
  page: number,
  pageSize: number,
  names: { readonly pageParam: string; readonly pageSizeParam: string },
): string | undefined {
  const url = new URL(next);
  const row = page * pageSize;
  if (url.searchParams.get(names.pageParam) !== String(page + 1) || !Number.isSafeInteger(row)) {
    return undefined;
  }
  url.searchParams.set(names.pageParam, String(row));
  url.searchParams.set(names.pageSizeParam, "1");
  return url.href;
}

/**
 * How rows moved past an edge, from the row standing there now.
 *
 * @param last - the key of the last row read (the page before the edge, as served)
 * @param atEdge - the key of the row standing there now; undefined when the list ends before it
 * @param readBefore - whether a row (by key) was read before (asked only when `atEdge` is not `last`)
 * @example
 * ```ts
 * edgeMove("id:20", "id:18", (key) => key === "id:18"); // "grew"
 * ```
 */
export function edgeMove(
  last: string,
  atEdge: string | undefined,
  readBefore: (key: string) => boolean,
): EdgeMove {
  if (atEdge === last) return "held";
  return atEdge !== undefined && readBefore(atEdge) ? "grew" : "shrank";
}

/** What a walk's edge requests have shown of the server: it pages by one row, or it does not. */
export interface EdgeTrust {
  /** An edge request was answered with a page of one row. */
  pagesByOne: boolean;
  /** The server does not page by one row, or its edge requests keep failing: ask no more. */
  refused: boolean;
  /** Edge requests failed in a row. */
  failures: number;
}
