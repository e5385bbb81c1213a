/**
 * Anything that may not stand as-is in a URL we put in a header: every character outside
 * unreserved / `!$&()*+=:@/?#` / `%`, and any `%` not starting a `%XX` escape. `,` and `;`
 * (got throws on a bare comma in a Link URL), `'` (not a URI-template literal), `<`, `>`, space,
 * quotes, braces, controls and non-ASCII are all encoded. A search, never a full match, so it runs
 * in linear time on any input.
 */
const UNSAFE = /[^A-Za-z0-9\-._~!$&()*+=:@/?#%]|%(?![0-9A-Fa-f]{2})/;

/**
 * Percent-encodes every character of `url` that is unsafe in a header (see above) as UTF-8, keeping
 * valid `%XX` escapes. A lone surrogate becomes the encoding of U+FFFD. The result never holds a
 * control character, space, `<`, `>`, `"`, `,` or `;`.
 */
export function toHeaderSafeUrl(url: string): string {
  if (!UNSAFE.test(url)) return url;
  let out = "";
  let start = 0;
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (isSafeCode(code) || (code === 37 && isEscapeAt(url, i))) continue;
    out += url.slice(start, i);
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(url.charCodeAt(i + 1))) {
      out += encodeURIComponent(url.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += "%EF%BF%BD";
    } else {
      out += code === 39 ? "%27" : encodeURIComponent(url[i] as string);
    }
    start = i + 1;
  }
  return out + url.slice(start);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `value` with every lone surrogate replaced by U+FFFD, so `encodeURIComponent` cannot throw. */
export function toWellFormed(value: string): string {
  return value.replace(LONE_SURROGATE, "\uFFFD");
}

const SAFE_CODES = (() => {
  const table = new Uint8Array(128);
  for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+=:@/?#") {
    table[ch.charCodeAt(0)] = 1;
  }
  return table;
})();

function isSafeCode(code: number): boolean {
  return code < 128 && SAFE_CODES[code] === 1;
}

function isEscapeAt(url: string, i: number): boolean {
  return isHex(url.charCodeAt(i + 1)) && isHex(url.charCodeAt(i + 2));
}

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
