/**
 * `walk --from URL`: the pages it may name (of the list, or on an origin `--trust-origin` names),
 * the page size it must keep, and the origins a walk that starts there trusts.
 */
import { DEFAULT_PAGE_SIZE_PARAM } from "../options.js";
import { CliError } from "./cli-error.js";
import { EXIT_STATUS } from "./exit-status.js";

/**
 * Checks a `--from` against the list and the other options: it must be a page of the list (its
 * origin and path) or on an origin given with `--trust-origin` (where a stopped walk's next link
 * led), and a `--page-size` must be the size the `--from` page carries, if it carries one (at
 * another size the pages after would skip or repeat rows).
 *
 * @param url - the list's URL
 * @param from - `--from`'s URL, or undefined without one
 * @param trusted - the origins `--trust-origin` gave
 * @param pageSize - `--page-size`, or undefined without one
 * @throws {CliError} `usage`, saying why
 * @example
 * ```ts
 * assertFrom("http://x/items/", "http://x/items/?page=3&page_size=10", [], 20);
 * // throws: --page-size 20 differs from the page size in --from (page_size=10): …
 * ```
 */
export function assertFrom(
  url: string,
  from: string | undefined,
  trusted: readonly string[],
  pageSize: number | undefined,
): void {
  if (from === undefined) return;
  if (!sameList(url, from) && !trusted.includes(new URL(from).origin)) {
    throw new CliError(
      `--from must be a page of ${url} (the same origin and path) or on an origin given with --trust-origin, got ${from}`,
      EXIT_STATUS.usage,
    );
  }
  const name = DEFAULT_PAGE_SIZE_PARAM;
  const size = new URL(from).searchParams.get(name);
  if (pageSize !== undefined && size !== null && size !== String(pageSize)) {
    throw new CliError(
      `--page-size ${pageSize} differs from the page size in --from (${name}=${size}): a walk that goes on at another size skips or repeats rows; leave out --page-size, or give ${size}`,
      EXIT_STATUS.usage,
    );
  }
}

/**
 * The origins a walk that starts at `start` may send requests to besides `start`'s own: those
 * `--trust-origin` gave and, for a walk that goes on `--from` another origin, the list's.
 *
 * @param url - the list's URL
 * @param start - the walk's first page (`--from`'s, else `url`)
 * @param trusted - the origins `--trust-origin` gave
 * @returns the client's `trustedOrigins`
 * @example
 * ```ts
 * walkOrigins("http://a.test/items/", "http://b.test/items/?page=3", ["http://b.test"]);
 * // ["http://b.test", "http://a.test"]
 * ```
 */
export function walkOrigins(url: string, start: string, trusted: readonly string[]): string[] {
  const list = new URL(url).origin;
  return new URL(start).origin === list ? [...trusted] : [...trusted, list];
}

function sameList(url: string, from: string): boolean {
  const [a, b] = [new URL(url), new URL(from)];
  return a.origin === b.origin && a.pathname === b.pathname;
}
