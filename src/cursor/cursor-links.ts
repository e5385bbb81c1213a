import { formatLink } from "../http/link-header.js";
import { splitRequestTarget } from "../http/request-target.js";
import { assertLinkLength, encodeName, keptQuery, linkPath } from "../page/page-links.js";

/** The parameter names a cursor list reads. */
export interface CursorParamNames {
  /** The page-size parameter: `page_size`. */
  readonly pageSizeParam: string;
  /** The cursor of the page after a row: `after`. */
  readonly afterParam: string;
  /** The cursor of the page before a row: `before`. */
  readonly beforeParam: string;
}

/** The links of a cursor page: `first` or not, and the tokens of `prev` and `next` when they exist. */
export interface CursorLinkTargets {
  readonly first: boolean;
  readonly prev: string | undefined;
  readonly next: string | undefined;
}

/**
 * The `Link` header value of a cursor page: `first`, `prev` (`before=` a token) and `next`
 * (`after=` a token), each present only when the page has it (`undefined` when none is). Every link
 * keeps the request's other parameters (the filters its tokens are bound to) and states the page
 * size, so a walker keeps its size whatever the server's default.
 *
 * @param targets - which links exist and their tokens (base64url, header-safe as they are)
 * @param names - the parameter names
 * @param pageSize - the effective page size
 * @param url - the request's URL; only its path and query are used
 * @param baseUrl - a trusted absolute base, else links are path-absolute
 * @param linked - whether a parameter of this (decoded) name may be carried
 * @default linked every name
 * @throws {PagewiseError} 414 `uri_too_long` for links longer than `defaults.maxLinkLength` before
 *   their cursor
 * @example
 * ```ts
 * cursorLinkHeader({ first: true, prev: undefined, next: "eyJ…" }, names, 30, "/v2/p/?status=failed");
 * // '</v2/p/?status=failed&page_size=30>; rel="first", </v2/p/?status=failed&page_size=30&after=eyJ…>; rel="next"'
 * ```
 */
export function cursorLinkHeader(
  targets: CursorLinkTargets,
  names: CursorParamNames,
  pageSize: number,
  url: string | URL,
  baseUrl?: string | URL,
  linked?: (name: string) => boolean,
): string | undefined {
  const { first, prev, next } = targets;
  if (!first && prev === undefined && next === undefined) return undefined;
  return cursorLinks(targets, names, cursorLinkStart(names, pageSize, url, baseUrl, linked));
}

/**
 * The part of a cursor page's links before the cursor: the base, the path, the query parameters
 * `linked` names (but the page size and the cursors), and the page size. Bounded as page links are
 * ({@link assertLinkLength}).
 *
 * @param names - the parameter names
 * @param pageSize - the effective page size
 * @param url - the request's URL; only its path and query are used
 * @param baseUrl - a trusted absolute base, else links are path-absolute
 * @param linked - whether a parameter of this (decoded) name may be carried
 * @default linked every name
 * @throws {PagewiseError} 414 `uri_too_long` when over `defaults.maxLinkLength`
 * @example
 * ```ts
 * cursorLinkStart(names, 30, "/v2/p/?status=failed&after=eyJ…"); // "/v2/p/?status=failed&page_size=30"
 * ```
 */
export function cursorLinkStart(
  names: CursorParamNames,
  pageSize: number,
  url: string | URL,
  baseUrl?: string | URL,
  linked: (name: string) => boolean = () => true,
): string {
  const { pageSizeParam, afterParam, beforeParam } = names;
  const { path, query } = splitRequestTarget(url);
  const kept = keptQuery(
    query,
    (name) => name !== pageSizeParam && name !== afterParam && name !== beforeParam && linked(name),
  );
  const start = `${linkPath(path, baseUrl)}?${kept}${encodeName(pageSizeParam)}=${pageSize}`;
  assertLinkLength(start);
  return start;
}

/**
 * The `Link` header value of a cursor page from its links' part before the cursor
 * ({@link cursorLinkStart}); `undefined` when it has none.
 *
 * @param targets - which links exist and their tokens
 * @param names - the parameter names
 * @param start - from {@link cursorLinkStart}
 * @example
 * ```ts
 * cursorLinks({ first: true, prev: undefined, next: "eyJ…" }, names, "/v2/p/?page_size=30");
 * ```
 */
export function cursorLinks(
  targets: CursorLinkTargets,
  names: CursorParamNames,
  start: string,
): string | undefined {
  const { first, prev, next } = targets;
  const links: string[] = [];
  if (first) links.push(formatLink(start, "first"));
  if (prev !== undefined)
    links.push(formatLink(`${start}&${encodeName(names.beforeParam)}=${prev}`, "prev"));
  if (next !== undefined)
    links.push(formatLink(`${start}&${encodeName(names.afterParam)}=${next}`, "next"));
  return links.length === 0 ? undefined : links.join(", ");
}
