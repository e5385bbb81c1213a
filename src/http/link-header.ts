import { toHeaderSafeUrl, toWellFormed } from "./header-safe-url.js";
import { isToken } from "./token.js";

/** One link of a `Link` header (RFC 8288). */
export interface LinkValue {
  /** Target URL; characters unsafe in a header are percent-encoded on output. */
  readonly url: string;
  /** Relation type(s): one name, or several separated by single spaces (`"next last"`). */
  readonly rel: string;
  /**
   * Further target attributes, e.g. `{ title: "Page 2" }`. A name ending in `*` (`title*`) takes a
   * plain Unicode value and is written in RFC 8187 form (`UTF-8''…`); other values must be
   * printable ASCII and are written as quoted strings.
   */
  readonly params?: Readonly<Record<string, string>>;
}

/** Relation types: registered names or URIs, space-separated; no `"`, `\`, `,`, `;`, `<` or `>`. */
const REL = /^[!#-+\--:=?-[\]-~]+(?: [!#-+\--:=?-[\]-~]+)*$/;
const QUOTABLE = /^[\x20-\x7e]*$/;

/**
 * Formats links as one RFC 8288 `Link` header value: `<url>; rel="name"` entries joined by `", "`,
 * in the order given. `rel` is always quoted; `,`, `;`, `<`, `>`, spaces, controls and non-ASCII in
 * URLs are percent-encoded, so the value is safe to send and an RFC 8288 parser reads back the same
 * links. Naive parsers (got's, parse-link-header) split on `,` and `;` even inside quoted parameter
 * values: keep those characters out of `params` for them.
 *
 * @param links - an array of {@link LinkValue}, or an object mapping rel to URL (`{ next: "/x?page=3" }`)
 * @returns the header value (`""` for no links)
 * @throws {TypeError} for a rel, parameter name or parameter value that cannot be written safely
 *
 * @example
 * ```ts
 * formatLinkHeader({ next: "/items?page=3", last: "/items?page=9" });
 * // '</items?page=3>; rel="next", </items?page=9>; rel="last"'
 * ```
 */
export function formatLinkHeader(
  links: readonly LinkValue[] | Readonly<Record<string, string>>,
): string {
  const entries: string[] = [];
  if (Array.isArray(links)) {
    for (const link of links as readonly LinkValue[]) entries.push(formatOne(link));
  } else {
    for (const [rel, url] of Object.entries(links)) entries.push(formatOne({ url, rel }));
  }
  return entries.join(", ");
}

function formatOne({ url, rel, params }: LinkValue): string {
  if (!REL.test(rel)) throw new TypeError(`Invalid link relation: ${JSON.stringify(rel)}`);
  let entry = formatLink(toHeaderSafeUrl(url), rel);
  if (params) {
    for (const [name, value] of Object.entries(params)) entry += `; ${formatParam(name, value)}`;
  }
  return entry;
}

/** Writes one link whose URL is already header-safe and whose rel is valid. */
export function formatLink(safeUrl: string, rel: string): string {
  return `<${safeUrl}>; rel="${rel}"`;
}

function formatParam(name: string, value: string): string {
  if (!isToken(name) || name.toLowerCase() === "rel") {
    throw new TypeError(`Invalid link parameter name: ${JSON.stringify(name)}`);
  }
  if (name.endsWith("*")) return `${name}=UTF-8''${encodeExtValue(value)}`;
  if (!QUOTABLE.test(value)) {
    throw new TypeError(
      `Link parameter ${name} must be printable ASCII; use "${name}*" for other characters`,
    );
  }
  return `${name}="${value.replace(/["\\]/g, "\\$&")}"`;
}

/** RFC 8187 value-chars: attr-chars stay, everything else (`%` included) is UTF-8 percent-encoded. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(toWellFormed(value)).replace(
    /[*'()]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
