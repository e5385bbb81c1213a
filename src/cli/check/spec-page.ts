/**
 * The spec's page math (section 4.3), written from the spec alone: how many pages a count makes,
 * how many items a page holds, and which page each `Link` relation points at. `check` holds
 * servers to this, never to pagewise's own `paginate`, so a bug in that shows as a failure.
 */

/** The `Link` relations the spec names (section 4.3, `Link` relation types). */
export type PageRel = "first" | "prev" | "next" | "last";

/**
 * The spec's relations, in the order its table gives them.
 *
 * @example
 * ```ts
 * PAGE_RELS.filter((rel) => specPage(3, 2, 1).links[rel] !== undefined); // all four
 * ```
 */
export const PAGE_RELS: readonly PageRel[] = ["first", "prev", "next", "last"];

/** The page each relation present points at; a relation absent is not there. */
export type LinkPages = Partial<Record<PageRel, number>>;

/** One page as the spec makes it. */
export interface SpecPage {
  /** `ceil(count / pageSize)` (rule 1). */
  readonly pageTotal: number;
  /** The items on the page: a full page, the remainder on the final one (rule 2), none past it. */
  readonly items: number;
  /** The relations present and their pages. */
  readonly links: LinkPages;
}

/**
 * The page `page` of `count` items in pages of `pageSize`. An empty dataset is never paginated:
 * no relations. A page past the last has `prev` to the last page (docs/decisions.md, a page past
 * the last, read empty).
 *
 * @param count - the items in the list (`X-Pagination-Count`)
 * @param page - the page, from 1
 * @param pageSize - the page size, from 1
 * @returns its total, items and relations
 * @example
 * ```ts
 * specPage(3, 2, 1); // { pageTotal: 3, items: 1, links: { first: 1, prev: 1, next: 3, last: 3 } }
 * specPage(350, 4, 100).items; // 50
 * ```
 */
export function specPage(count: number, page: number, pageSize: number): SpecPage {
  const pageTotal = Math.ceil(count / pageSize);
  const before = (page - 1) * pageSize;
  const items = page > pageTotal ? 0 : Math.min(pageSize, count - before);
  const links: LinkPages = {};
  if (count === 0) return { pageTotal, items, links };
  if (pageTotal > 1) links.first = 1;
  if (page > 1) links.prev = Math.min(page - 1, pageTotal);
  if (page < pageTotal) links.next = page + 1;
  if (pageTotal > 1) links.last = pageTotal;
  return { pageTotal, items, links };
}
