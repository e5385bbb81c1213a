import type { ListItems, ListResult } from "../builders/contract.js";
import { describeValue } from "../option-checks.js";
import { countField, readCount } from "../page/count-value.js";
import { type CountlessPage, paginateCountless } from "../page/countless-page.js";
import type { PageParams } from "../page/page-params.js";
import { type Page, type PageSlice, type PaginateOptions, paginate } from "../page/paginate.js";
import type { ListTotal } from "./list-totals.js";
import { andThen, isThenable, type MaybePromise } from "./maybe-async.js";

/** A list handler's answer made a page: which page it is, and the rows that go out. */
interface ServedPage {
  readonly page: Page | CountlessPage;
  readonly rows: readonly unknown[];
}

/**
 * The page a list handler's result serves, by its shape: a whole dataset (sliced here), a count
 * with the items, or no count (a countless page, one row more fetched to know whether another
 * follows). A count may be exact, `{ atLeast }` or `{ estimate }` (see {@link readCount}). A count
 * function or promise runs alongside `items()` for page 1, and for a later page that `total`
 * knows to hold rows; any other page waits for its count, so a page past the end runs no rows
 * query, and `overflow: 'last'` fetches the last page once. A `{ whenNeeded }` count runs only
 * when such a page's rows do not tell the total. A result of another shape is a bug: TypeError or
 * RangeError.
 *
 * @param result - what the list handler returned
 * @param requested - the requested page and page size
 * @param options - `overflow` and the page parameter's name
 * @param total - the list's total last counted for the request's filters ({@link listTotal}),
 *   kept again when counted; without it, a page past page 1 waits for its count
 * @example
 * ```ts
 * await listPage({ count: () => countRows(), items: (slice) => rowsOf(slice) }, { page: 2, pageSize: 10 }, {});
 * ```
 */
export function listPage(
  result: ListResult<unknown>,
  requested: PageParams,
  options: PaginateOptions,
  total?: ListTotal,
): MaybePromise<ServedPage> {
  if (Array.isArray(result)) {
    const page = paginate({ count: result.length, ...requested }, options);
    return { page, rows: result.slice(page.offset, page.offset + page.limit) };
  }
  const given = (result as { count?: unknown } | null | undefined)?.count;
  // A promise given as the count is observed at once: a result refused below leaves no
  // unhandled rejection behind.
  if (isThenable(given)) Promise.resolve(given).catch(() => undefined);
  const items = itemsOf(result);
  if (!("count" in (result as object))) return countless(result, items, requested, options);
  if (isDeferred(given)) return deferred(given.whenNeeded, items, requested, options, total);
  const count = typeof given === "function" ? given() : given;
  if (!isThenable(count)) return counted(count, items, requested, options, total);
  if (options.overflow === "last" || typeof items !== "function" || !holdsRows(requested, total)) {
    return Promise.resolve(count).then((n) => counted(n, items, requested, options, total));
  }
  const more = (result as { countMayBeInexact?: unknown }).countMayBeInexact === true ? 1 : 0;
  return alongside(count, items, requested, options, total, more);
}

/**
 * Whether the requested page is known to hold rows before its count comes back: page 1 always
 * (it is served even when empty, and its rows cost a page at most), another page when the list's
 * total last counted for these filters reaches past its offset.
 */
function holdsRows(requested: PageParams, total: ListTotal | undefined): boolean {
  if (requested.page === 1) return true;
  const known = total?.known;
  return known !== undefined && (requested.page - 1) * requested.pageSize < known;
}

/**
 * The requested page's rows asked for while the count runs (with `more` rows beyond the page, 1
 * when the count may be inexact); the count then decides the page.
 */
function alongside(
  count: PromiseLike<unknown>,
  items: (slice: PageSlice) => unknown,
  requested: PageParams,
  options: PaginateOptions,
  total: ListTotal | undefined,
  more: 0 | 1,
): Promise<ServedPage> {
  let rows: unknown;
  try {
    rows = items(sliceOf(requested, requested.pageSize + more));
  } catch (error) {
    Promise.resolve(count).catch(() => undefined); // the count's failure, if any, is not news
    throw error;
  }
  return Promise.all([count, rows]).then(([n, fetched]) => {
    const read = readCount(n);
    if (!("exact" in read)) {
      if (more === 1) return countlessPage(fetched, false, requested, options, read);
      return inexactPage(fetched, read, requested, options, items as ListItems<unknown>);
    }
    total?.keep(read.exact);
    const page = paginate({ count: read.exact, ...requested }, options);
    return { page, rows: pageRows(fetched, page, page.pageSize + more) };
  });
}

/** A count asked for only when the page does not tell the total: `{ whenNeeded: () => count }`. */
function isDeferred(count: unknown): count is { whenNeeded: () => unknown } {
  return (
    typeof count === "object" &&
    count !== null &&
    typeof (count as { whenNeeded?: unknown }).whenNeeded === "function"
  );
}

/**
 * A page from a count known before its rows: an exact one computes the page, whose rows are asked
 * for only when it holds any (`total` keeps it); an inexact one asks for one row more than the
 * requested page, which says whether another follows.
 */
function counted(
  given: unknown,
  items: ListItems<unknown>,
  requested: PageParams,
  options: PaginateOptions,
  total?: ListTotal,
): MaybePromise<ServedPage> {
  const read = readCount(given);
  if (!("exact" in read)) {
    // Known to be inexact before the rows: one row more than a page says whether another follows.
    if (typeof items !== "function") return inexactPage(items, read, requested, options);
    const rows = items(sliceOf(requested, requested.pageSize + 1));
    return andThen(rows, (fetched) => countlessPage(fetched, false, requested, options, read));
  }
  total?.keep(read.exact);
  const page = paginate({ count: read.exact, ...requested }, options);
  if (typeof items !== "function") return { page, rows: pageRows(items, page) };
  if (page.isEmpty) return { page, rows: [] };
  return andThen(items(page), (fetched) => ({ page, rows: pageRows(fetched, page) }));
}

/**
 * A page whose total is a bound or an estimate, its rows fetched before that was known (a page,
 * not one row more): countless, the bound or estimate in its own header. A short page tells the
 * total (exact); a full one asks `items()` for the one row after it, so `next` is linked only
 * while rows remain (a page given as an array is taken to have more when full).
 */
function inexactPage(
  fetched: unknown,
  total: { readonly atLeast: number } | { readonly estimate: number },
  requested: PageParams,
  options: PaginateOptions,
  items?: ListItems<unknown>,
): MaybePromise<ServedPage> {
  const rows = rowArray(fetched);
  const { page, pageSize } = requested;
  const full = rows.length === pageSize;
  if (!full || typeof items !== "function") {
    return countlessPage(rows, full, requested, options, total);
  }
  const after = { page, pageSize, offset: page * pageSize, limit: 1 };
  return andThen(items(after), (next) =>
    countlessPage(rows, rowArray(next).length > 0, requested, options, total),
  );
}

/**
 * A `{ whenNeeded }` count: the page's rows first, one more than a page; only when they do not
 * tell the total (a row follows, or the page is past the end) is the count asked for. A page past
 * page 1 not known to hold rows (see {@link holdsRows}) asks for the count first: it may be past
 * the end, where its rows query would read every row to find none.
 */
function deferred(
  whenNeeded: () => unknown,
  items: ListItems<unknown>,
  requested: PageParams,
  options: PaginateOptions,
  total: ListTotal | undefined,
): MaybePromise<ServedPage> {
  if (typeof items !== "function") {
    throw new TypeError(
      "A list handler with a { whenNeeded } count gives items as a function: pagewise asks it for one row more than a page, and for the last page when a page past the end is served as the last",
    );
  }
  if (!holdsRows(requested, total)) {
    return andThen(whenNeeded() as MaybePromise<unknown>, (given) =>
      counted(given, items, requested, options, total),
    );
  }
  const { page, pageSize } = requested;
  return andThen(items(sliceOf(requested, pageSize + 1)), (fetched) => {
    const rows = rowArray(fetched);
    if (rows.length > pageSize + 1) throw tooManyRows(rows.length, pageSize + 1);
    const more = rows.length > pageSize;
    // The page tells the total: no count asked for (a derived count).
    if (!more && (rows.length > 0 || page === 1)) {
      total?.keep((page - 1) * pageSize + rows.length);
      return countlessPage(rows, false, requested, options);
    }
    return andThen(whenNeeded() as MaybePromise<unknown>, (given) => {
      const read = readCount(given);
      if (!("exact" in read)) return countlessPage(rows, more, requested, options, read);
      total?.keep(read.exact);
      const served = paginate({ count: read.exact, ...requested }, options);
      if (served.isEmpty) return { page: served, rows: [] };
      if (served.page === page)
        return { page: served, rows: pageRows(rows.slice(0, pageSize), served) };
      return andThen(items(served), (last) => ({ page: served, rows: pageRows(last, served) }));
    });
  });
}

function countless(
  result: ListResult<unknown>,
  items: ListItems<unknown>,
  requested: PageParams,
  options: PaginateOptions,
): MaybePromise<ServedPage> {
  const { hasMore } = result as { hasMore?: unknown };
  if (typeof items === "function") {
    if (hasMore !== undefined) {
      throw new TypeError(
        "A countless list gives items as a function (pagewise asks for one row more than a page, to learn whether another follows) or an array with hasMore, not both",
      );
    }
    const probe = sliceOf(requested, requested.pageSize + 1);
    return andThen(items(probe), (fetched) => countlessPage(fetched, false, requested, options));
  }
  if (typeof hasMore !== "boolean") {
    throw new TypeError(
      `A list handler without a count returns { items, hasMore } with hasMore true when a row follows the page, or items as a function; got hasMore ${describeValue(hasMore)}`,
    );
  }
  return countlessPage(items, hasMore, requested, options);
}

/** A countless page from its rows: up to one row more than a page, which says another follows. */
function countlessPage(
  fetched: unknown,
  hasMore: boolean,
  requested: PageParams,
  options: PaginateOptions,
  total?: { readonly atLeast: number } | { readonly estimate: number },
): ServedPage {
  const { pageSize } = requested;
  const rows = rowArray(fetched);
  if (rows.length > pageSize + 1) throw tooManyRows(rows.length, pageSize + 1);
  if (hasMore && rows.length === 0) {
    throw new RangeError(
      "A countless list said hasMore with no rows on the page: a page past the end has no rows and no more",
    );
  }
  const served = rows.length > pageSize ? rows.slice(0, pageSize) : rows;
  const more = hasMore || rows.length > pageSize;
  const request = {
    page: requested.page,
    pageSize,
    rows: served.length,
    hasMore: more,
    ...(total === undefined ? {} : countField(total)),
  };
  const page = paginateCountless(request, options);
  return { page, rows: served };
}

/**
 * The rows a requested page takes, before any count is known. Written out: a spread of the
 * request here was a tenth of a countless page's time in pagewise (V8's slow clone path).
 */
function sliceOf(requested: PageParams, limit: number): PageSlice {
  const { page, pageSize } = requested;
  return { page, pageSize, offset: (page - 1) * pageSize, limit };
}

function itemsOf(result: ListResult<unknown>): ListItems<unknown> {
  const items = (result as { items?: unknown } | null | undefined)?.items;
  if (Array.isArray(items) || typeof items === "function") return items as ListItems<unknown>;
  throw new TypeError(
    `A list handler returns an array, { count, items } or { items, hasMore }, with items an array or a function; got ${describeValue(result)}${items === undefined ? "" : ` with items ${describeValue(items)}`}`,
  );
}

/**
 * The rows to send. A bug in a list handler is caught before its rows go out as a page: not an
 * array, or more rows than a page size. Up to a page size but more than `page.limit` is a race
 * (a row added between the count and the rows query, on the last page): the first `limit` rows go
 * out, as the count says.
 */
function pageRows(fetched: unknown, page: Page, most = page.pageSize): readonly unknown[] {
  const rows = rowArray(fetched);
  if (rows.length > most) throw tooManyRows(rows.length, most, page);
  return rows.length > page.limit ? rows.slice(0, page.limit) : rows;
}

/** The rows a handler fetched, checked to be an array (a query result's `.rows`, not the result). */
export function rowArray(fetched: unknown): readonly unknown[] {
  if (Array.isArray(fetched)) return fetched;
  throw new TypeError(
    `A list handler's items must be an array of the page's rows (or a function giving one); got ${describeValue(fetched)}. A query result's rows are often in its .rows.`,
  );
}

function tooManyRows(given: number, most: number, page?: Page): RangeError {
  const where = page === undefined ? "" : ` (offset ${page.offset}, limit ${page.limit})`;
  return new RangeError(
    `A list handler gave ${given} rows, more than a page of ${most}${where}: fetch only page.limit rows from page.offset.`,
  );
}
