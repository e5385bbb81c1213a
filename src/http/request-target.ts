import { toHeaderSafeUrl } from "./header-safe-url.js";

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A request target reduced to a header-safe absolute path and its raw query (no `?`, no fragment). */
export interface RequestTarget {
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
  const hash = url.indexOf("#");
  const target = hash < 0 ? url : url.slice(0, hash);
  const start = target.startsWith("/") || !SCHEME.test(target) ? 0 : authorityEnd(target);
  const mark = target.indexOf("?", start);
  return mark < 0
    ? { path: absolutePath(target.slice(start)), query: "" }
    : { path: absolutePath(target.slice(start, mark)), query: target.slice(mark + 1) };
}

function authorityEnd(url: string): number {
  const from = url.indexOf("//") + 2;
  for (let i = from; i < url.length; i++) {
    const ch = url[i];
    if (ch === "/" || ch === "?") return i;
  }
  return url.length;
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
