import { readDigits } from "../../params/whole-number.js";
import { isPastTheEnd, PaginationError } from "../pagination-error.js";
import type { FetchedPage } from "../walk-options.js";
import { edgeUrl } from "./page-edge.js";
import type { WalkWatch } from "./walk-watch.js";

/**
 * What an edge check read: the key of the row standing just before the next page (undefined
 * when the list now ends before it). `unsure` when a 404 came before the server had answered
 * any page of one row: the list may end there, or the server may not page by one row.
 */
export interface EdgeRow {
  readonly key: string | undefined;
  readonly unsure?: true;
}

/** Edge requests that may fail in a row before a walk asks no more. */
const MOST_FAILURES = 3;

/**
 * The row now standing where the last row of `previous` stood, fetched on its own (page
 * `page × size` at size 1, see {@link edgeUrl}); undefined, and nothing fetched, when the server
 * cannot be asked: `previous` is not a full page that said its number (from 1) and size, `next`
 * is not the page after it by number, or the walk has stopped asking (`watch.edgeTrust`). An
 * answer at another size is no check, and stops the asking unless the server has paged by one
 * row before. A 404 `page_out_of_range` says the list now ends before the edge, or, before any
 * page of one row, may (`unsure`). Other errors are no check; three in a row stop the asking;
 * the walk's own abort rejects, and so does a redirect to an origin the walk does not trust. The
 * promise is observed at once: a walk that ends first leaves no unhandled rejection.
 *
 * @param watch - the walk, its row keys and its trust in edge requests
 * @param previous - the page before the edge, as fetched
 * @param next - the URL of the page after the edge
 */
export function rowAtEdge<T>(
  watch: WalkWatch,
  previous: FetchedPage<T>,
  next: string,
): Promise<EdgeRow | undefined> | undefined {
  const { walk, edgeTrust: trust } = watch;
  const size = readDigits(previous.headers.get("x-pagination-pagesize"));
  const { page } = previous;
  const full = size !== undefined && previous.items.length === size;
  if (trust.refused || page === undefined || page < 1 || !full) {
    return undefined;
  }
  const url = edgeUrl(next, page, size, walk);
  if (url === undefined) return undefined;
  const read = walk.fetchPage<T>(url).then(
    (edge): EdgeRow | undefined => {
      trust.failures = 0;
      if (readDigits(edge.headers.get("x-pagination-pagesize")) !== 1) {
        if (!trust.pagesByOne) trust.refused = true;
        return undefined;
      }
      trust.pagesByOne = true;
      const there = edge.page === page * size && edge.items.length > 0;
      return { key: there ? watch.keyOf(edge.items[0]) : undefined };
    },
    (error: unknown): EdgeRow | undefined => {
      if (walk.signal.aborted || isRefused(error)) throw error;
      if (isPastTheEnd(error))
        return trust.pagesByOne ? { key: undefined } : { key: undefined, unsure: true };
      if (++trust.failures >= MOST_FAILURES) trust.refused = true;
      return undefined;
    },
  );
  read.catch(() => undefined);
  return read;
}

/** Whether `error` is a request the walk refused to send (an origin it does not trust). */
function isRefused(error: unknown): boolean {
  return error instanceof PaginationError && error.code === "untrusted_origin";
}
