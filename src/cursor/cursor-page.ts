import type { CursorSide } from "./keyset.js";

/** Input of {@link cursorPage}: where the page lies and the rows its keyset query gave. */
export interface CursorPageRequest<T> {
  /** `after` or `before` the request's cursor; `undefined` for the first page (no cursor). */
  readonly side: CursorSide | undefined;
  /** Rows on a page. */
  readonly pageSize: number;
  /**
   * The rows in the direction of travel (nearest the cursor first, as the keyset query's ORDER BY
   * gives them), at most `pageSize + 1`: the extra row says another page lies beyond.
   */
  readonly rows: readonly T[];
}

/** A page of a cursor list: its rows in the list's order, and the rows its links start from. */
export interface CursorPage<T> {
  /** The page's rows in the list's order (a page `before` a cursor comes reversed from SQL). */
  readonly rows: readonly T[];
  /** Whether a `first` link goes out: on every page but the only one. */
  readonly first: boolean;
  /** The row a `prev` link (`before` it) starts from, when rows lie before the page. */
  readonly prev: T | undefined;
  /** The row a `next` link (`after` it) starts from, when rows lie after the page. */
  readonly next: T | undefined;
}

/**
 * The links of a cursor page (no `last`: a cursor list has no page numbers). Forward, `next`
 * when the extra row came; backward, `prev` when it came. The side the request came from always
 * has a link, since its cursor row lay there (it may since have been deleted: that link then gives
 * an empty page, which links only to `first`). An empty page has no row to start a link from.
 *
 * @throws {RangeError} for more rows than `pageSize + 1` (a keyset query without its LIMIT)
 * @example
 * ```ts
 * cursorPage({ side: undefined, pageSize: 2, rows: [a, b, c] }); // rows [a, b]; first, next b
 * cursorPage({ side: "before", pageSize: 2, rows: [e, d, c] }); // rows [d, e]; first, prev d, next e
 * ```
 */
export function cursorPage<T>(request: CursorPageRequest<T>): CursorPage<T> {
  const { side, pageSize, rows } = request;
  if (rows.length > pageSize + 1) {
    throw new RangeError(
      `A cursor list gave ${rows.length} rows, more than a page of ${pageSize} and the one row that says another follows: use the keyset query's LIMIT.`,
    );
  }
  const beyond = rows.length > pageSize;
  const served = beyond ? rows.slice(0, pageSize) : rows;
  const backward = side === "before";
  const listed = backward ? [...served].reverse() : served;
  const head = listed[0];
  const tail = listed[listed.length - 1];
  if (listed.length === 0) {
    return { rows: listed, first: side !== undefined, prev: undefined, next: undefined };
  }
  const prev = (backward ? beyond : side === "after") ? head : undefined;
  const next = backward || beyond ? tail : undefined;
  return { rows: listed, first: side !== undefined || beyond, prev, next };
}
