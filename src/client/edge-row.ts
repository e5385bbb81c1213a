import { readDigits } from "../params/whole-number.js";
import { edgeUrl } from "./page-edge.js";
import { isPastTheEnd } from "./pagination-error.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * What an edge check read: the key of the row standing just before the next page (undefined
 * when the list now ends before it).
 */
export interface EdgeRow {
  readonly key: string | undefined;
}

/** What a walk's edge requests have shown of the server: it pages by one row, or it does not. */
export interface EdgeTrust {
  /** An edge request was answered with a page of one row. */
  pagesByOne: boolean;
  /** One was answered with a page of another size, or a 404 before any page of one row. */
  refused: boolean;
}

/**
 * The row now standing where the last row of `previous` stood, fetched on its own (page
 * `page × size` at size 1, see {@link edgeUrl}); undefined, and nothing fetched, when the server
 * cannot be asked: `previous` is not a full page that said its number (from 1) and size, `next`
 * is not the page after it by number, or the server has shown it does not page by one row. An
 * answer that is not a page of one row, or an error other than the walk's abort, is no check (it
 * resolves undefined): a server that does not page by one row may answer 404. Once the server has
 * answered a page of one row, a 404 `page_out_of_range` says the list ends before the edge now.
 * The promise is observed at once: a walk that ends first leaves no unhandled rejection.
 *
 * @param walk - the walk
 * @param previous - the page before the edge, as fetched
 * @param next - the URL of the page after the edge
 * @param trust - what the walk's edge requests have shown so far (updated here)
 */
export function rowAtEdge<T>(
  walk: Walk,
  previous: FetchedPage<T>,
  next: string,
  trust: EdgeTrust,
): Promise<EdgeRow | undefined> | undefined {
  const size = readDigits(previous.headers.get("x-pagination-pagesize"));
  const { page } = previous;
  const full = page !== undefined && page >= 1 && previous.items.length === size;
  if (trust.refused || !full) return undefined;
  const url = edgeUrl(next, page, size as number, walk);
  if (url === undefined) return undefined;
  const edgePage = page * (size as number);
  const read = walk.fetchPage<T>(url).then(
    (edge) => {
      if (readDigits(edge.headers.get("x-pagination-pagesize")) !== 1) {
        trust.refused = !trust.pagesByOne;
        return undefined;
      }
      trust.pagesByOne = true;
      const there = edge.page === edgePage && edge.items.length > 0;
      return { key: there ? walk.keyOf(edge.items[0]) : undefined };
    },
    (error: unknown) => {
      if (walk.signal.aborted) throw error;
      if (!isPastTheEnd(error)) return undefined;
      trust.refused = !trust.pagesByOne;
      return trust.pagesByOne ? { key: undefined } : undefined;
    },
  );
  read.catch(() => undefined);
  return read;
}
