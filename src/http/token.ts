/**
 * RFC 9110 section 5.6.2 `tchar`, by char code: the characters of a token (a header name, a
 * parameter name, an unquoted value). 1 for a token character, 0 otherwise.
 */
export const TOKEN_CHARS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (const ch of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
    table[ch.charCodeAt(0)] = 1;
  }
  return table;
})();

/**
 * True for a non-empty RFC 9110 token, such as a header name (`X-Pagination-Count`).
 *
 * @example
 * ```ts
 * isToken("X-Api-Key"); // true
 * isToken("X Api\r\nKey"); // false
 * ```
 */
export function isToken(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) if (TOKEN_CHARS[value.charCodeAt(i)] !== 1) return false;
  return true;
}
