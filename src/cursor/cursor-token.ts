import { cursorQueryMismatch, cursorTooLarge, invalidCursor } from "../errors.js";
import { fromBase64Url, toBase64Url } from "../http/base64url.js";
import { DEFAULT_MAX_CURSOR_LENGTH } from "../options.js";
import { assertWholeNumber } from "../params/whole-number.js";
import { type HmacKey, hmacKey, sameBytes } from "./hmac-key.js";

/** A sort value a cursor carries: any JSON primitive (a 64-bit id beyond 2^53 as a string). */
export type CursorValue = string | number | boolean | null;

/** Options of {@link cursorCodec}. */
export interface CursorCodecOptions {
  /**
   * The longest token read: a longer one is a 400 `cursor_too_large` before anything is decoded.
   *
   * @default 2048
   */
  readonly maxLength?: number;
}

/** Signs and reads cursor tokens (see {@link cursorCodec}). */
export interface CursorCodec {
  /** A token for a boundary row's sort values, bound to the query (filters and sort). */
  encode(values: readonly CursorValue[], queryKey: string): string;
  /**
   * The sort values of a token this server issued for this query.
   *
   * @throws {PagewiseError} 400 `cursor_too_large`, `invalid_cursor` (junk, tampered, or signed
   *   with a secret no longer accepted) or `cursor_query_mismatch` (issued for another query)
   */
  decode(token: string, queryKey: string, parameter: string): readonly CursorValue[];
}

const VERSION = 1;
const DIGEST_BYTES = 12;
const encoder = new TextEncoder();

/**
 * Opaque, signed cursor tokens: `base64url(JSON [version, query digest, values]) "." base64url(HMAC-SHA256)`.
 * The HMAC (SHA-256, synchronous, the same in Node, browsers and workers: {@link hmacKey}) covers the values and a digest of
 * the query the token was issued for, so a token cannot be forged, altered, or replayed against
 * other filters or another order; the page size may change between requests. Rotation: the first
 * secret signs, every one given verifies, so a new secret goes first and an old one stays until
 * its tokens have expired from use.
 *
 * @param secrets - one secret or several (newest first); each at least 32 characters
 * @param options - `maxLength` of a token read
 * @throws {TypeError} for a missing or short secret
 * @example
 * ```ts
 * const codec = cursorCodec(process.env.CURSOR_SECRET ?? "");
 * const token = codec.encode([row.created_at, row.id], "status=failed;sort=created");
 * codec.decode(token, "status=failed;sort=created", "after"); // [created_at, id]
 * ```
 */
export function cursorCodec(
  secrets: string | readonly string[],
  options: CursorCodecOptions = {},
): CursorCodec {
  const list: unknown[] =
    typeof secrets === "string" ? [secrets] : Array.isArray(secrets) ? [...secrets] : [];
  if (list.length === 0 || list.some((s) => typeof s !== "string" || s.length < 32)) {
    throw new TypeError(
      "A cursor secret needs at least 32 characters (e.g. 32 random bytes as hex or base64)",
    );
  }
  const { maxLength = DEFAULT_MAX_CURSOR_LENGTH } = options;
  assertWholeNumber("maxLength", maxLength, 64);
  const keys = (list as string[]).map(hmacKey);
  // A request reads its token and signs its two with one query key: its digest, once.
  let last: { key: HmacKey; queryKey: string; digest: string } | undefined;
  const digestOf = (key: HmacKey, queryKey: string) => {
    if (last?.key !== key || last.queryKey !== queryKey) {
      last = { key, queryKey, digest: queryDigest(key, queryKey) };
    }
    return last.digest;
  };
  return {
    encode(values, queryKey) {
      const key = keys[0] as HmacKey;
      const body = toBase64Url(
        encoder.encode(JSON.stringify([VERSION, digestOf(key, queryKey), values])),
      );
      const token = `${body}.${toBase64Url(key(encoder.encode(body)))}`;
      // A token the server would refuse must not go out as a link: the walk would end in a 400.
      if (token.length > maxLength) {
        throw new RangeError(
          `A cursor of ${token.length} characters is longer than maxCursorLength (${maxLength}): its sort values are long (4/3 of their UTF-8 JSON, plus 75 characters); raise maxCursorLength or sort by shorter columns`,
        );
      }
      return token;
    },
    decode(token, queryKey, parameter) {
      if (token.length > maxLength) throw cursorTooLarge(parameter, maxLength);
      const dot = token.indexOf(".");
      const signature = dot < 0 ? undefined : fromBase64Url(token.slice(dot + 1));
      // The one spelling this server writes: base64url's last character has spare bits.
      if (signature?.length !== 32 || toBase64Url(signature) !== token.slice(dot + 1)) {
        throw invalidCursor(parameter);
      }
      const body = token.slice(0, dot);
      const bodyBytes = encoder.encode(body);
      const signer = keys.find((key) => sameBytes(key(bodyBytes), signature));
      if (signer === undefined) throw invalidCursor(parameter);
      const payload = parsePayload(body);
      if (payload === undefined) throw invalidCursor(parameter);
      if (payload.digest !== digestOf(signer, queryKey)) throw cursorQueryMismatch(parameter);
      return payload.values;
    },
  };
}

/** A short digest of the query a token belongs to, keyed so that it reveals nothing of it. */
function queryDigest(key: HmacKey, queryKey: string): string {
  return toBase64Url(key(encoder.encode(`query\u0000${queryKey}`)).slice(0, DIGEST_BYTES));
}

/** A signed body's payload; `undefined` for one of another shape (never trusted further). */
function parsePayload(
  body: string,
): { digest: string; values: readonly CursorValue[] } | undefined {
  const bytes = fromBase64Url(body);
  if (bytes === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!Array.isArray(payload) || payload.length !== 3 || payload[0] !== VERSION) return undefined;
  const [, digest, values] = payload as [unknown, unknown, unknown];
  if (typeof digest !== "string" || !Array.isArray(values) || !values.every(isCursorValue)) {
    return undefined;
  }
  return { digest, values };
}

function isCursorValue(value: unknown): value is CursorValue {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}
