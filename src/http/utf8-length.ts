/** Any UTF-16 code unit outside ASCII: a text without one is as many bytes as code units. */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The number of bytes `text` takes in UTF-8, without encoding it: what `Content-Length` says of a
 * body written as UTF-8. A lone surrogate counts as U+FFFD (3 bytes), as `TextEncoder` writes it.
 *
 * @param text - any string
 * @returns its UTF-8 length in bytes
 * @example
 * ```ts
 * utf8Length('{"name":"café"}'); // 16
 * ```
 */
export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit < 0xe000;
}
