import type { LinkValue } from "../http/link-header.js";
import { TOKEN_CHARS } from "../http/token.js";

/**
 * One parsed link: its target, one relation type, and its other parameters.
 *
 * `params` holds each parameter's first occurrence, as RFC 8288 section 3.4.1 asks for `rel`,
 * `media`, `title`, `title*` and `type`. `hreflang` may occur several times (each a language the
 * target is available in): all of them are in `hreflang`, in order.
 */
export interface ParsedLink extends LinkValue {
  /** Every parameter but `rel`, names in lower case, first occurrence; RFC 8187 values (`title*`) decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Every `hreflang` value in order (`["de", "en"]`); absent when the link has none. */
  readonly hreflang?: readonly string[];
  /** The language tag of an RFC 8187 `title*` value (`"de"` in `UTF-8'de'Kapitel`); absent when it names none. */
  readonly titleLanguage?: string;
}

/**
 * Parses an RFC 8288 `Link` header value in one linear pass, whatever the input.
 *
 * Handles quoted strings with escapes, `,` and `;` inside quotes and inside `<…>`, several relation
 * types in one `rel="next last"` (one entry each, in order), case-insensitive parameter names,
 * spaces around `=`, unquoted values (base64 `=` padding included) and RFC 8187 `title*`
 * (decoded). Only a link's first `rel` counts (RFC 8288 section 3.3); a link without one is kept
 * with `rel: ""`. Garbage between links is skipped up to the next `,`; a quoted string that never
 * closes ends the parse; `rel="__proto__"` is just a relation type. Never throws for a string.
 *
 * @param value - the header value (several `Link` headers joined with `", "` work too)
 * @returns the links in order
 * @example
 * ```ts
 * parseLinkHeader('</items?page=3>; rel="next", </items?page=9>; rel="last"');
 * // [{ url: "/items?page=3", rel: "next", params: {} }, { url: "/items?page=9", rel: "last", params: {} }]
 * ```
 */
export function parseLinkHeader(value: string): ParsedLink[] {
  if (typeof value !== "string")
    throw new TypeError("parseLinkHeader takes the header value as a string");
  const links: ParsedLink[] = [];
  const scanner = { text: value, at: 0 };
  while (skipSeparators(scanner)) {
    if (scanner.text[scanner.at] !== "<") {
      skipToNextLink(scanner);
      continue;
    }
    const close = scanner.text.indexOf(">", scanner.at + 1);
    if (close < 0) break;
    const url = scanner.text.slice(scanner.at + 1, close).trim();
    scanner.at = close + 1;
    const read = readParams(scanner);
    if (read === undefined) break;
    for (const type of relationTypes(read.rel)) links.push(parsedLink(url, type, read));
  }
  return links;
}

interface Scanner {
  readonly text: string;
  at: number;
}

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** Skips whitespace and commas; false at the end. */
function skipSeparators(s: Scanner): boolean {
  while (s.at < s.text.length) {
    const code = s.text.charCodeAt(s.at);
    if (code !== 44 && !isSpace(code)) return true;
    s.at++;
  }
  return false;
}

function skipWhitespace(s: Scanner): void {
  while (s.at < s.text.length && isSpace(s.text.charCodeAt(s.at))) s.at++;
}

/** Moves past the next `,` that is outside quotes (or to the end). */
function skipToNextLink(s: Scanner): void {
  while (s.at < s.text.length) {
    const code = s.text.charCodeAt(s.at);
    if (code === 44) return void s.at++;
    if (code === 34) readQuoted(s);
    else s.at++;
  }
}

/** What a link's parameters give: its `rel`, the rest, and the values {@link ParsedLink} keeps apart. */
interface ReadParams {
  rel: string | undefined;
  params: Record<string, string>;
  hreflang?: string[];
  titleLanguage?: string;
}

/** A link's parameters; `undefined` when a quoted string never closes (the link is dropped). */
function readParams(s: Scanner): ReadParams | undefined {
  const read: ReadParams = { rel: undefined, params: {} };
  for (;;) {
    skipWhitespace(s);
    if (s.text.charCodeAt(s.at) !== 59) break;
    s.at++;
    skipWhitespace(s);
    const name = readToken(s).toLowerCase();
    skipWhitespace(s);
    let value: string | undefined = "";
    if (s.text.charCodeAt(s.at) === 61) {
      s.at++;
      skipWhitespace(s);
      value = s.text.charCodeAt(s.at) === 34 ? readQuoted(s) : readBare(s);
      if (value === undefined) return undefined;
    }
    if (name !== "") keepParam(read, name, value);
  }
  if (s.at < s.text.length && s.text.charCodeAt(s.at) !== 44) skipToNextLink(s);
  return read;
}

/** One link; `hreflang` and `titleLanguage` only when sent (the common link keeps three members). */
function parsedLink(url: string, rel: string, read: ReadParams): ParsedLink {
  const link: { -readonly [K in keyof ParsedLink]: ParsedLink[K] } = {
    url,
    rel,
    params: read.params,
  };
  if (read.hreflang !== undefined) link.hreflang = read.hreflang;
  if (read.titleLanguage !== undefined) link.titleLanguage = read.titleLanguage;
  return link;
}

/** Keeps a parameter's first occurrence, and every `hreflang`. */
function keepParam(read: ReadParams, name: string, value: string): void {
  if (name === "rel") {
    read.rel ??= value;
    return;
  }
  if (name === "hreflang") {
    if (read.hreflang === undefined) read.hreflang = [];
    read.hreflang.push(value);
  }
  if (Object.hasOwn(read.params, name)) return;
  if (!name.endsWith("*")) {
    define(read.params, name, value);
    return;
  }
  const { text, language } = decodeExtValue(value);
  define(read.params, name, text);
  if (name === "title*" && language !== "") read.titleLanguage = language;
}

function readToken(s: Scanner): string {
  const start = s.at;
  while (s.at < s.text.length && TOKEN_CHARS[s.text.charCodeAt(s.at)] === 1) s.at++;
  return s.text.slice(start, s.at);
}

/** An unquoted value: up to `;`, `,` or whitespace (so base64 `=` padding stays in). */
function readBare(s: Scanner): string {
  const start = s.at;
  while (s.at < s.text.length) {
    const code = s.text.charCodeAt(s.at);
    if (code === 59 || code === 44 || isSpace(code)) break;
    s.at++;
  }
  return s.text.slice(start, s.at);
}

/** A quoted-pair of RFC 9110: `\\` and the character it stands for (any, line breaks included). */
const ESCAPED = /\\([\s\S])/g;

/** A quoted string from its opening quote; `\\x` stands for `x`; `undefined` when it never closes. */
function readQuoted(s: Scanner): string | undefined {
  const start = ++s.at;
  // The common case, no escape: one scan to the closing quote, one slice.
  for (; s.at < s.text.length; s.at++) {
    const code = s.text.charCodeAt(s.at);
    if (code === 34) return s.text.slice(start, s.at++);
    if (code === 92) break;
  }
  return readEscaped(s, start);
}

/** The rest of a quoted string from its first `\\`: its end found first, then one native replace. */
function readEscaped(s: Scanner, from: number): string | undefined {
  while (s.at < s.text.length) {
    const code = s.text.charCodeAt(s.at);
    if (code === 34) return s.text.slice(from, s.at++).replace(ESCAPED, "$1");
    s.at += code === 92 ? 2 : 1;
  }
  return undefined;
}

/** One registered relation type already in lower case: the common case, kept as is. */
const REGISTERED_LOWER = /^[a-z][a-z0-9.-]*$/;

/** The relation types of a rel value: space-separated, registered names in lower case. */
function relationTypes(rel: string | undefined): string[] {
  if (rel === undefined) return [""];
  if (REGISTERED_LOWER.test(rel)) return [rel];
  const types = rel.split(/\s+/).filter((type) => type !== "");
  return types.length === 0
    ? [""]
    : types.map((type) => (/^[A-Za-z][A-Za-z0-9.-]*$/.test(type) ? type.toLowerCase() : type));
}

/** Sets an own property, even one named `__proto__`, without touching any prototype. */
function define(target: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * RFC 8187: `charset'language'pct-encoded` → its text (UTF-8 or ISO-8859-1) and language tag;
 * anything else stays as sent, with no language.
 */
function decodeExtValue(value: string): { text: string; language: string } {
  const match = /^([A-Za-z0-9!#$%&+\-^_`{}~]+)'([A-Za-z0-9-]*)'(.*)$/.exec(value);
  if (match === null) return { text: value, language: "" };
  const [, charset = "", language = "", encoded = ""] = match;
  try {
    if (charset.toLowerCase() === "utf-8") return { text: decodeURIComponent(encoded), language };
    if (charset.toLowerCase() === "iso-8859-1") {
      const text = encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
      return { text, language };
    }
  } catch {
    return { text: value, language: "" };
  }
  return { text: value, language: "" };
}
