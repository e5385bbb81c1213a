import { readDigits } from "../params/whole-number.js";
import { type EdgeRow, rowAtEdge } from "./edge-row.js";
import { expandTemplate } from "./expand-template.js";
import { type EdgeMove, edgeMove } from "./page-edge.js";
import { PaginationError, unlessPastTheEnd } from "./pagination-error.js";
import { parseLinkHeader } from "./parse-link-header.js";
import { type ReadRows, readRows } from "./read-rows.js";
import { pagesBackToKnown } from "./recover-rows.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * The pages after `first`, by `rel="next"` links, made up for rows that moved under the walk:
 * where the walk checks edges (see {@link rowAtEdge}) the row before each page is read once the
 * page is in, and the page after is fetched meanwhile; where counts are sent they are compared.
 *
 * @param walk - the walk
 * @param first - the page to go on from
 * @param before - the rows the walk read before `first` (a concurrent walk's), and whether the
 *   list moved already
 * @throws {PaginationError} `link_loop` for a next link seen before, `empty_page_with_next` for
 *   an empty page that links onwards, and the errors of fetching a page
 */
export async function* followNextLinks<T>(
  walk: Walk,
  first: FetchedPage<T>,
  before: { readonly read: ReadRows; readonly moved: boolean } = {
    read: readRows(walk.keyOf),
    moved: false,
  },
): AsyncGenerator<FetchedPage<T>> {
  const seen = new Set([first.url]);
  // The rows read: what a page that moved under the walk is told apart from.
  const { read } = before;
  read.remember(first.items);
  const step = stepper(walk, first);
  let page = first;
  let ahead: Promise<Step<T>> | undefined;
  let { moved } = before;
  for (let next = nextUrl(walk, page); next !== undefined; next = nextUrl(walk, page)) {
    assertOnwards(seen, page, next);
    seen.add(next);
    const previous = page;
    const fetched = await unlessPastTheEnd(ahead ?? step(previous, next));
    // A page now past the end (a 404: the list shrank under the walk) is an empty last page
    // with no row before it: the pages before are read again for the rows that moved onto them.
    const current = fetched?.page ?? pastTheEnd(previous, next, walk);
    // Where edges are checked, the page after is fetched meanwhile (its own edge read once it is in).
    ahead = fetched?.edge === undefined ? undefined : stepAhead(walk, step, current, seen);
    const made: MadeUp<T> = yield* madeUpFor(walk, {
      previous,
      page: current,
      edge: fetched === undefined ? { key: undefined } : await fetched.edge,
      read,
      moved,
    });
    moved = made.moved;
    page = made.from;
    if (made.from !== current) ahead = undefined; // read again, fresher: the walk goes on from it
    if (made.from === current && fetched === undefined) {
      walk.reportMove(next); // past the end still: the walk ends
      return;
    }
    // Every row the page holds (a repeat too, so a row pushed on from page to page stays known).
    read.remember(made.from.items);
    yield made.served;
  }
}

/** The page `next` when it answered 404 past the end: no rows, no links. */
function pastTheEnd<T>(previous: FetchedPage<T>, next: string, walk: Walk): FetchedPage<T> {
  const page = readDigits(new URL(next).searchParams.get(walk.pageParam));
  return { ...previous, url: next, items: [], headers: new Headers(), page, count: undefined };
}

/** A page fetched, and the read of the row before it when its edge is checked. */
interface Step<T> {
  readonly page: FetchedPage<T>;
  readonly edge: Promise<EdgeRow | undefined> | undefined;
}

/**
 * Fetches the page `next` after `previous`, then at once, where the walk checks that edge, the
 * row before it: a move before the page shows there whenever it happened, and the window in
 * which a move can undo itself unseen is one request long, whatever the caller does between
 * pages. Never on a server that numbers pages from 0 (the row before page `p` is not at page
 * `p × size` there).
 */
function stepper<T>(
  walk: Walk,
  first: FetchedPage<T>,
): (previous: FetchedPage<T>, next: string) => Promise<Step<T>> {
  const { checkEdges } = walk;
  const checks = checkEdges !== "never" && first.page !== 0;
  const wanted = (read: FetchedPage<T>) =>
    checks && (checkEdges === "always" || read.count === undefined);
  const trust = { pagesByOne: false, refused: false };
  return async (previous, next) => {
    const page = await walk.fetchPage<T>(next);
    const check = wanted(previous) || wanted(page);
    return { page, edge: check ? rowAtEdge(walk, previous, next, trust) : undefined };
  };
}

/** The step after `page`, begun now (observed at once: it may never be awaited). */
function stepAhead<T>(
  walk: Walk,
  step: (previous: FetchedPage<T>, next: string) => Promise<Step<T>>,
  page: FetchedPage<T>,
  seen: ReadonlySet<string>,
): Promise<Step<T>> | undefined {
  const after = nextUrl(walk, page);
  if (after === undefined || seen.has(after) || page.items.length === 0) return undefined;
  const ahead = step(page, after);
  ahead.catch(() => undefined);
  return ahead;
}

function assertOnwards<T>(seen: ReadonlySet<string>, page: FetchedPage<T>, next: string): void {
  if (seen.has(next))
    throw new PaginationError("link_loop", `The next link leads back to ${next}`, page.url);
  if (page.items.length === 0) {
    throw new PaginationError(
      "empty_page_with_next",
      "An empty page links to a next page",
      page.url,
    );
  }
}

/** A page come in, with what the walk knows around it. */
interface Arrival<T> {
  readonly previous: FetchedPage<T>;
  readonly page: FetchedPage<T>;
  /** The row before the page, when its edge was checked and could be. */
  readonly edge: EdgeRow | undefined;
  readonly read: ReadRows;
  /**
   * Whether the list moved during the walk before this page: rows read before may stand on any
   * page after (a growth of more than a page pushes them past the next), so each is dropped.
   */
  readonly moved: boolean;
}

/** A page made up for: the rows it serves, and whether the list moved during the walk so far. */
interface MadeUp<T> {
  readonly served: FetchedPage<T>;
  readonly moved: boolean;
  /** The page as the walk goes on from it: the page, or the page read again. */
  readonly from: FetchedPage<T>;
}

/**
 * Makes up for rows that moved between `previous` and `page`, as the edge check, the counts or
 * an empty page where a next link led show: yields the rows moved back onto pages already read
 * (read again), and returns the page without the rows it repeats, and whether the list has moved
 * so far. Where only a count changed, rows may have gone before the page and come after it: the
 * pages are read again as for a shrink. Until the list first moves, pages are returned as they
 * are (rows without an id may rightly repeat the same JSON).
 */
async function* madeUpFor<T>(
  walk: Walk,
  { previous, page, edge, read, moved }: Arrival<T>,
): AsyncGenerator<FetchedPage<T>, MadeUp<T>> {
  // A next link that led to no rows: the list ended before the page since.
  const move =
    edgeMoveOf(walk, previous, edge, read) ?? (page.items.length === 0 ? "shrank" : undefined);
  const before = previous.count;
  const after = page.count;
  const counted = before !== undefined && after !== undefined && after !== before;
  const moves = counted || move === "grew" || move === "shrank";
  if (!moved && !moves) return { served: page, moved: false, from: page };
  let from = page;
  const number =
    previous.page ?? readDigits(new URL(previous.url).searchParams.get(walk.pageParam));
  const fewer = move === "shrank" || (move === undefined && counted);
  if (fewer && number !== undefined) {
    // Rows before the page went: rows after them moved back onto pages already read.
    const last = { ...previous, page: number };
    const again = yield* remembered(pagesBackToKnown(walk, last, page, read), read);
    if (again !== undefined && !sameRows(walk, again, page)) from = again;
  }
  const items = from.items.filter((item) => !read.has(walk.keyOf(item)));
  const served = items.length === from.items.length ? from : { ...from, items };
  if (move === "grew" || move === "shrank") walk.movedPages.add(served);
  return { served, moved: true, from };
}

/** Whether two reads of a page hold the same rows (by key), in the same order. */
function sameRows<T>(walk: Walk, one: FetchedPage<T>, other: FetchedPage<T>): boolean {
  const { items } = other;
  return (
    one.items.length === items.length &&
    one.items.every((item, i) => walk.keyOf(item) === walk.keyOf(items[i]))
  );
}

/** The pages `pages` yields, their rows remembered as yielded; then what it returns. */
async function* remembered<T, R>(
  pages: AsyncGenerator<FetchedPage<T>, R>,
  read: ReadRows,
): AsyncGenerator<FetchedPage<T>, R> {
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    read.remember(next.value.items);
    yield next.value;
  }
}

/**
 * How rows moved past the edge before `page`, from the row standing there now (see
 * {@link edgeMove}); undefined when the edge was not checked.
 */
function edgeMoveOf<T>(
  walk: Walk,
  previous: FetchedPage<T>,
  edge: EdgeRow | undefined,
  read: ReadRows,
): EdgeMove | undefined {
  if (edge === undefined) return undefined;
  return edgeMove(walk.keyOf(previous.items.at(-1)), edge.key, (key) => read.has(key));
}

/** The next page's absolute URL: the `next` link, expanded, resolved, with the walk's page size. */
function nextUrl<T>(walk: Walk, page: FetchedPage<T>): string | undefined {
  const link = parseLinkHeader(page.headers.get("link") ?? "").find((l) => l.rel === "next");
  if (link === undefined) return undefined;
  const sizeValues = walk.pageSize === undefined ? {} : { [walk.pageSizeParam]: walk.pageSize };
  const target = link.url.includes("{") ? expandTemplate(link.url, sizeValues) : link.url;
  const url = new URL(target, page.url);
  if (walk.pageSize !== undefined && !url.searchParams.has(walk.pageSizeParam)) {
    url.searchParams.set(walk.pageSizeParam, String(walk.pageSize));
  }
  return url.href;
}
