import { linkTooLong } from "../errors.js";
import { trustedBase } from "../http/base-url.js";
import { toHeaderSafeUrl, toWellFormed } from "../http/header-safe-url.js";
import { queryPairName, splitRequestTarget } from "../http/request-target.js";
import { assertOption } from "../option-checks.js";
import {
  BOOLEANS,
  DEFAULT_LINK_PARAMS,
  DEFAULT_MAX_LINK_LENGTH,
  DEFAULT_PAGE_PARAM,
  DEFAULT_PAGE_SIZE_PARAM,
  LINK_PARAMS,
  type LinkParams,
} from "../options.js";
import type { CountlessPage } from "./countless-page.js";
import { forEachLinkTarget, hasLinkTarget, type Page, type PageRel } from "./paginate.js";

/** Options that say how page link URLs are built. */
export interface PageLinksOptions {
  /**
   * The request's URL: `req.url` (origin form, `/list/?page=2`), an absolute URL string or a `URL`.
   * Only its path and query are used; scheme and host never reach a link.
   */
  readonly url: string | URL;
  /**
   * A trusted absolute base (`https://api.example.com`, optionally with a path prefix such as
   * `https://example.com/api`) put before the request path; without it links are path-absolute
   * (`/package/o/r/?page=2`).
   */
  readonly baseUrl?: string | URL;
  /**
   * Which request query parameters a link keeps besides `page`: `'filters'` (default) keeps all but
   * `page_size`; `'page-only'` keeps none; `'all'` keeps every one, `page_size` at its effective value.
   * A resource's list keeps, of the others, only those its schema reads when the schema lets no
   * other through (docs/decisions.md). The links of a page without a total (countless, a bound or
   * an estimate) state `page_size`, at its effective value, whatever this says: they are all a
   * client has to walk such a list by.
   *
   * @default `'filters'`
   */
  readonly linkParams?: LinkParams;
  /**
   * Emit RFC 6570 templates with the page size as a variable: `?page=3{&page_size}`.
   *
   * @default `false`
   */
  readonly template?: boolean;
  /**
   * Name of the page parameter.
   *
   * @default `'page'`
   */
  readonly pageParam?: string;
  /**
   * Name of the page-size parameter.
   *
   * @default `'page_size'`
   */
  readonly pageSizeParam?: string;
}

/** One page link: its rel, target page number and header-safe URL. */
export interface PageLink {
  readonly rel: PageRel;
  readonly page: number;
  readonly url: string;
}

/**
 * The links of a page in the order first, prev, next, last, each present only when the page has
 * that target (see {@link paginate}). URLs are header-safe: `,`, `;`, `<`, `>`, quotes, spaces,
 * controls and non-ASCII are percent-encoded.
 *
 * @param page - a {@link Page} from {@link paginate}
 * @param options - the request `url` and link options; defaults `linkParams` `'filters'`, `template` `false`
 * @returns the links, possibly none
 * @throws {PagewiseError} 414 `uri_too_long` for links longer than `defaults.maxLinkLength` before
 *   their page number
 *
 * @example
 * ```ts
 * pageLinks(paginate({ count: 3, page: 2, pageSize: 1 }), { url: "/items/?page=2&page_size=1" });
 * // [{ rel: "first", page: 1, url: "/items/?page=1" }, { rel: "prev", page: 1, … }, …]
 * ```
 */
export function pageLinks(page: Page | CountlessPage, options: PageLinksOptions): PageLink[] {
  const links: PageLink[] = [];
  if (!hasLinkTarget(page)) return links;
  const settings = linkSettings(options);
  const start = linkPrefix(settings, options.url, options.baseUrl);
  const { prefix, suffix } = linkUrlParts(page, settings, start);
  forEachLinkTarget(page, links, (list, rel, target) => {
    list.push({ rel, page: target, url: prefix + target + suffix });
  });
  return links;
}

/** {@link PageLinksOptions} (but the URLs) checked and resolved: names encoded, defaults filled in. */
export interface LinkSettings {
  readonly pageParam: string;
  readonly pageSizeParam: string;
  readonly linkParams: LinkParams;
  /** `page=` with the page parameter's name as it stands in a link. */
  readonly pageAssignment: string;
  /** `&page_size=`, likewise. */
  readonly pageSizeAssignment: string;
  /** The RFC 6570 suffix (`{&page_size}`) when links are templates. */
  readonly templateSuffix: string | undefined;
}

/**
 * Checks link options and resolves them, once per resource rather than per request.
 *
 * @throws {TypeError} for an unknown option value or a parameter name that cannot stand in a link
 */
export function linkSettings(options: Omit<PageLinksOptions, "url" | "baseUrl">): LinkSettings {
  const {
    pageParam = DEFAULT_PAGE_PARAM,
    pageSizeParam = DEFAULT_PAGE_SIZE_PARAM,
    linkParams = DEFAULT_LINK_PARAMS,
  } = options;
  assertOption("linkParams", linkParams, LINK_PARAMS);
  assertOption("template", options.template, BOOLEANS);
  return {
    pageParam,
    pageSizeParam,
    linkParams,
    pageAssignment: `${encodeName(pageParam)}=`,
    pageSizeAssignment: `&${encodeName(pageSizeParam)}=`,
    templateSuffix: options.template ? `{&${templateVariable(pageSizeParam)}}` : undefined,
  };
}

/** The part of every link of a request before its page number, and what that part dropped. */
export interface LinkPrefix {
  /** The base, the path and the kept query, then the page parameter's `page=`. */
  readonly prefix: string;
  /** Whether the request named the page size (which `'all'` then states in its links). */
  readonly hadPageSize: boolean;
}

/** A parameter name every link may carry: the default of {@link linkPrefix}'s `linked`. */
const anyName = (_name: string) => true;

/**
 * The part of a request's links before the page number: the trusted base, the path and the query
 * parameters `linkParams` keeps, among those `linked` names (the ones that choose rows), then
 * `page=`. Computed once per request; bounded (see {@link assertLinkLength}).
 *
 * @param settings - from {@link linkSettings}
 * @param url - the request's URL; only its path and query are used
 * @param baseUrl - a trusted absolute base, else links are path-absolute
 * @param linked - whether a parameter of this (decoded) name may be carried
 * @default linked every name
 * @throws {PagewiseError} 414 `uri_too_long` when that part is over `defaults.maxLinkLength`
 * @example
 * ```ts
 * linkPrefix(linkSettings({}), "/items/?status=failed&page=2", undefined).prefix;
 * // "/items/?status=failed&page="
 * ```
 */
export function linkPrefix(
  settings: LinkSettings,
  url: string | URL,
  baseUrl: string | URL | undefined,
  linked: (name: string) => boolean = anyName,
): LinkPrefix {
  const { pageParam, pageSizeParam, linkParams } = settings;
  const { path, query } = splitRequestTarget(url);
  let hadPageSize = false;
  const kept = keptQuery(query, (name) => {
    if (name === pageSizeParam) hadPageSize = true;
    // every link sets its own page
    return (
      linkParams !== "page-only" && name !== pageParam && name !== pageSizeParam && linked(name)
    );
  });
  const prefix = `${linkPath(path, baseUrl)}?${kept}${settings.pageAssignment}`;
  assertLinkLength(prefix);
  return { prefix, hadPageSize };
}

/**
 * Throws the 414 problem when a link's part before its page number or cursor (`start`) is over
 * `defaults.maxLinkLength` characters: a list's `Link` header repeats it in each of its links,
 * and Node's `fetch` and `http` refuse response headers over 16 KiB in all.
 *
 * @param start - the part as written in a link (header-safe: ASCII, a byte a character)
 * @throws {PagewiseError} 414 `uri_too_long`
 * @example
 * ```ts
 * assertLinkLength("/items/?page="); // passes
 * ```
 */
export function assertLinkLength(start: string): void {
  const max = DEFAULT_MAX_LINK_LENGTH;
  if (start.length > max) throw linkTooLong(start.length, max);
}

/**
 * Every link URL of a request is `prefix + pageNumber + suffix`. The links of a page without a
 * total (a countless page, a bound or an estimate) state its effective size whatever `linkParams`
 * says: such a list is walked by its links alone, and a client that follows them as given would
 * otherwise go on at the default size (rows repeated or skipped).
 */
export function linkUrlParts(
  page: Pick<Page | CountlessPage, "pageSize" | "pageTotal">,
  settings: LinkSettings,
  { prefix, hadPageSize }: LinkPrefix,
) {
  if (settings.templateSuffix !== undefined) return { prefix, suffix: settings.templateSuffix };
  const keepSize = page.pageTotal === undefined || (settings.linkParams === "all" && hadPageSize);
  return { prefix, suffix: keepSize ? `${settings.pageSizeAssignment}${page.pageSize}` : "" };
}

/**
 * The query pairs a link keeps (those `keep` says yes to, by decoded name), header-safe, each
 * followed by `&`: `status=failed&`.
 */
export function keptQuery(query: string, keep: (name: string) => boolean): string {
  let kept = "";
  for (let start = 0; start < query.length; ) {
    const amp = query.indexOf("&", start);
    const end = amp < 0 ? query.length : amp;
    if (end > start && keep(queryPairName(query, start, end))) {
      kept += `${withoutColons(toHeaderSafeUrl(query.slice(start, end)))}&`;
    }
    start = end + 1;
  }
  return kept;
}

/** A link's path: the trusted base (if any) and the request's path, header-safe. */
export function linkPath(path: string, baseUrl: string | URL | undefined): string {
  return `${baseUrl === undefined ? "" : trustedBase(baseUrl)}${withoutColons(path)}`;
}

/**
 * `:` percent-encoded: octokit reads `:name` anywhere in a URL as a template variable and drops it
 * (`sort=name:asc` became `sort=name`). Links always start with `/` or a base, so no `:` here is a
 * scheme's.
 */
function withoutColons(text: string): string {
  return text.includes(":") ? text.replaceAll(":", "%3A") : text;
}

const encodedNames = new Map<string, string>([
  [DEFAULT_PAGE_PARAM, DEFAULT_PAGE_PARAM],
  [DEFAULT_PAGE_SIZE_PARAM, DEFAULT_PAGE_SIZE_PARAM],
]);

/** A parameter name as it stands in a link, validated and encoded once per distinct name. */
export function encodeName(name: string): string {
  const known = encodedNames.get(name);
  if (known !== undefined) return known;
  if (name === "" || toWellFormed(name) !== name) {
    throw new TypeError(`Invalid query parameter name: ${JSON.stringify(name)}`);
  }
  const encoded = toHeaderSafeUrl(encodeURIComponent(name));
  if (encodedNames.size < 64) encodedNames.set(name, encoded);
  return encoded;
}

const VARNAME = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;

function templateVariable(name: string): string {
  if (!VARNAME.test(name)) {
    throw new TypeError(`${JSON.stringify(name)} cannot be an RFC 6570 variable name`);
  }
  return name;
}
