import { toHeaderSafeUrl } from "./header-safe-url.js";

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A request target reduced to a header-safe absolute path and its raw query (no `?`, no fragment). */
interface RequestTarget {
  readonly path: string;
  readonly query: string;
}

/**
 * Splits a request URL (`req.url`'s origin form `/a/b?x=1`, an absolute URL, or a `URL`) into a
 * path and a query, dropping scheme, host and fragment: a link built from it never trusts the
 * Host header. The path keeps exactly one leading `/`, so a request for `//evil.example/x` cannot
 * yield a network-path link, and its unsafe characters are percent-encoded.
 */
export function splitRequestTarget(url: string | URL): RequestTarget {
  if (typeof url !== "string")
    return { path: absolutePath(url.pathname), query: url.search.slice(1) };
  const { start, mark, end } = targetBounds(url);
  return mark < 0
    ? { path: absolutePath(url.slice(start, end)), query: "" }
    : { path: absolutePath(url.slice(start, mark)), query: url.slice(mark + 1, end) };
}

/**
 * The path of a request target or an absolute URL as sent (no query, no fragment, not decoded);
 * `/` when it has none.
 */
export function requestPath(url: string): string {
  const { start, mark, end } = targetBounds(url);
  return url.slice(start, mark < 0 ? end : mark) || "/";
}

/** The raw query of a request target or an absolute URL: after `?`, before `#`; `""` without one. */
export function requestQuery(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return "";
  const hash = url.indexOf("#", mark);
  return url.slice(mark + 1, hash < 0 ? url.length : hash);
}

/** Where a target's path starts (after any scheme and authority), its `?` (or -1), and its end (`#`). */
function targetBounds(url: string): { start: number; mark: number; end: number } {
  const hash = url.indexOf("#");
  const end = hash < 0 ? url.length : hash;
  const start = url.startsWith("/") || !SCHEME.test(url) ? 0 : authorityEnd(url, end);
  const mark = url.indexOf("?", start);
  return { start, mark: mark < 0 || mark >= end ? -1 : mark, end };
}

function authorityEnd(url: string, end: number): number {
  const from = url.indexOf("//") + 2;
  for (let i = from; i < end; i++) {
    const ch = url[i];
    if (ch === "/" || ch === "?") return i;
  }
  return end;
}

function absolutePath(path: string): string {
  if (path.charCodeAt(0) === 47 && path.charCodeAt(1) !== 47) return toHeaderSafeUrl(path); // "/x"
  let i = 0;
  while (path[i] === "/") i++;
  return `/${toHeaderSafeUrl(path.slice(i))}`;
}

/** Drops trailing slashes in linear time (a `/\/+$/` regex is quadratic on hostile input). */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === "/") end--;
  return value.slice(0, end);
}

/**
 * The decoded name of one `name=value` query pair (`query` from `start` to `end`), decoded only
 * when it holds `%` or `+`; a malformed escape leaves the raw name.
 */
export function queryPairName(query: string, start = 0, end = query.length): string {
  const raw = query.slice(start, indexWithin(query, 61, start, end)); // up to "="
  if (!raw.includes("%") && !raw.includes("+")) return raw;
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/**
 * The index of the first `code` unit in `text` from `start` to `end`, or `end`: a search that
 * stops at the end of its pair (an unbounded `indexOf` would scan the rest of the query for each
 * of many pairs without `=`: quadratic).
 */
export function indexWithin(text: string, code: number, start: number, end: number): number {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return end;
}
