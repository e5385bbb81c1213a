/**
 * Base64url (RFC 4648 section 5, no padding) of bytes and back, with a table one way and `atob`
 * the other: the same in Node, browsers and workers.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The base64url text of `bytes`, without padding: each 3 bytes as 4 characters of the alphabet
 * (no binary string, `btoa` or replacements, which took 6 times as long for a 32-byte signature).
 */
export function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  const whole = bytes.length - (bytes.length % 3);
  for (let i = 0; i < whole; i += 3) {
    const bits =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    text += `${ALPHABET[bits >>> 18]}${ALPHABET[(bits >>> 12) & 63]}${ALPHABET[(bits >>> 6) & 63]}${ALPHABET[bits & 63]}`;
  }
  if (whole === bytes.length) return text;
  const two = whole + 1 < bytes.length;
  const bits = ((bytes[whole] as number) << 16) | (two ? (bytes[whole + 1] as number) << 8 : 0);
  text += `${ALPHABET[bits >>> 18]}${ALPHABET[(bits >>> 12) & 63]}`;
  return two ? `${text}${ALPHABET[(bits >>> 6) & 63]}` : text;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes of base64url text; `undefined` for anything that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
