import { readDigits } from "../../params/whole-number.js";
import { nextUrl } from "../next-url.js";
import type { Walk } from "../walk-context.js";
import type { FetchedPage } from "../walk-options.js";

/** A page as the walk numbers it: its URL, and the number its answer gave. */
interface NumberedPage {
  readonly url: string;
  readonly page: number | undefined;
}

/**
 * The number by which a walk asks for `page` again: its URL's page parameter, else the number
 * its answer gave (`X-Pagination-Page`), else 1 (a start URL without a page parameter).
 *
 * @param pageParam - the walk's page parameter
 * @param page - the page's URL and `X-Pagination-Page`
 * @example
 * ```ts
 * pageNumberOf("page", { url: "https://api.test/items/?page=3", page: 2 }); // 3
 * ```
 */
function pageNumberOf(pageParam: string, page: NumberedPage): number {
  return readDigits(new URL(page.url).searchParams.get(pageParam)) ?? page.page ?? 1;
}

/**
 * The number of `previous` when `next` asks for the page after it by number (the pages a walk
 * reads again are then addressable); undefined otherwise (a cursor link, a link that skips). A
 * page whose URL has no page number (a walk's start) is the one before its next link's.
 *
 * @param pageParam - the walk's page parameter
 * @param previous - the page before
 * @param next - the URL its next link led to
 * @example
 * ```ts
 * linkedByNumber("page", { url: "https://api.test/items/", page: 1 }, "https://api.test/items/?page=2"); // 1
 * ```
 */
export function linkedByNumber(
  pageParam: string,
  previous: NumberedPage,
  next: string,
): number | undefined {
  const after = readDigits(new URL(next).searchParams.get(pageParam));
  if (after === undefined || after < 1) return undefined;
  const own = readDigits(new URL(previous.url).searchParams.get(pageParam));
  return own === undefined || own === after - 1 ? after - 1 : undefined;
}

/**
 * The number of a walk's first page: the one before its next link's, when that link asks for a
 * page by number (see {@link linkedByNumber}), else its own (see {@link pageNumberOf}). A
 * concurrent walk fetches the pages after it; pages are read again down to it, not below (rows
 * before it are not the walk's); a walk from page 0 is not edge-checked.
 *
 * @param walk - the walk (its page parameter and page size)
 * @param first - the walk's first page
 * @example
 * ```ts
 * startNumber(walk, first); // 1 for a start URL without a page parameter that links to page 2
 * ```
 */
export function startNumber<T>(walk: Walk, first: FetchedPage<T>): number {
  const next = nextUrl(walk, first);
  const linked = next === undefined ? undefined : linkedByNumber(walk.pageParam, first, next);
  return linked ?? pageNumberOf(walk.pageParam, first);
}
