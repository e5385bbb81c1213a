import { type EdgeRow, rowAtEdge } from "./edge-row.js";
import { expandTemplate } from "./expand-template.js";
import { madeUpFor } from "./make-up.js";
import { linkedByNumber, pageNumberOf } from "./page-number.js";
import { PaginationError, unlessPastTheEnd } from "./pagination-error.js";
import { parseLinkHeader } from "./parse-link-header.js";
import { type ReadRows, readRows } from "./read-rows.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/** What a walk knows when it goes on by next links: the rows read, whether the list moved. */
export interface WalkSoFar {
  readonly read: ReadRows;
  readonly moved: boolean;
  /**
   * The number of the walk's first page: pages are read again down to it, not below (rows
   * before it are not the walk's), and a walk from page 0 is not edge-checked.
   */
  readonly startPage: number;
}

/**
 * The pages after `first`, by `rel="next"` links, made up for rows that moved under the walk
 * (see {@link madeUpFor}): where the walk checks edges (see {@link rowAtEdge}) the row before
 * each page is read once the page is in, and the page after is fetched meanwhile; where counts
 * are sent they are compared.
 *
 * @param walk - the walk
 * @param first - the page to go on from
 * @param before - what the walk knows from before `first` (a concurrent walk's pages); by
 *   default, `first` is the walk's first page
 * @throws {PaginationError} `link_loop` for a next link seen before, `empty_page_with_next` for
 *   an empty page that links onwards, and the errors of fetching a page
 */
export async function* followNextLinks<T>(
  walk: Walk,
  first: FetchedPage<T>,
  before: WalkSoFar = {
    read: readRows(walk.keyOf),
    moved: false,
    startPage: startNumber(walk, first),
  },
): AsyncGenerator<FetchedPage<T>> {
  const seen = new Set([first.url]);
  const { read, startPage } = before;
  read.remember(first.items);
  const step = stepper<T>(walk, startPage);
  let page = first;
  let ahead: Promise<Step<T>> | undefined;
  let { moved } = before;
  for (let next = nextUrl(walk, page); next !== undefined; next = nextUrl(walk, page)) {
    assertOnwards(seen, page, next);
    seen.add(next);
    const previous = page;
    const fetched = await unlessPastTheEnd(ahead ?? step(previous, next));
    // A page now past the end (a 404: the list shrank under the walk): no rows, no links.
    const current = fetched?.page ?? goneAt<T>(next);
    // Where edges are checked, the page after is fetched meanwhile (its own edge read once it is in).
    ahead = fetched?.edge === undefined ? undefined : stepAhead(walk, step, current, seen);
    const edge = await fetched?.edge;
    const gone = fetched === undefined;
    const arrival = { previous, page: current, edge, read, moved, startPage, gone };
    const made = yield* madeUpFor(walk, arrival);
    moved = made.moved;
    page = made.from;
    if (made.from !== current) ahead = undefined; // read again, fresher: the walk goes on from it
    if (made.from === current && gone) {
      walk.reportMove(next); // past the end still: the walk ends
      return;
    }
    // Every row the page holds (a repeat too, so a row pushed on from page to page stays known).
    read.remember(made.from.items);
    yield made.served;
  }
}

/** The number of the walk's first page: its URL's, or the one before its next link's. */
export function startNumber<T>(walk: Walk, first: FetchedPage<T>): number {
  const next = nextUrl(walk, first);
  const linked = next === undefined ? undefined : linkedByNumber(walk.pageParam, first, next);
  return linked ?? pageNumberOf(walk.pageParam, first);
}

/** The page `next` led to when it answered 404 past the end: no rows, links, or counts. */
function goneAt<T>(next: string): FetchedPage<T> {
  return {
    url: next,
    items: [],
    headers: new Headers(),
    count: undefined,
    page: undefined,
    pageTotal: undefined,
    countAtLeast: undefined,
    countEstimate: undefined,
  };
}

/** A page fetched, and the read of the row before it when its edge is checked. */
interface Step<T> {
  readonly page: FetchedPage<T>;
  readonly edge: Promise<EdgeRow | undefined> | undefined;
}

/**
 * Fetches the page `next` after `previous`, then at once, where the walk checks that edge, the
 * row before it: a move before the page shows there whenever it happened, and the window in
 * which a move can undo itself unseen is one request long. Never where pages are numbered from
 * 0 (the row before page `p` is not at page `p × size` there).
 */
function stepper<T>(
  walk: Walk,
  startPage: number,
): (previous: FetchedPage<T>, next: string) => Promise<Step<T>> {
  const { checkEdges } = walk;
  const checks = checkEdges !== "never" && startPage >= 1;
  const wanted = (read: FetchedPage<T>) =>
    checks && (checkEdges === "always" || read.count === undefined);
  return async (previous, next) => {
    const page = await walk.fetchPage<T>(next);
    const check = wanted(previous) || wanted(page);
    return { page, edge: check ? rowAtEdge(walk, previous, next) : undefined };
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
