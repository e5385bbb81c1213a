/** Why a walk stopped early. */
export type PaginationErrorCode =
  | "http_error"
  | "link_loop"
  | "empty_page_with_next"
  | "not_an_array"
  | "untrusted_origin"
  | "hidden_redirect"
  | "too_many_redirects"
  | "sort_mismatch"
  | "list_moved_too_far"
  | "timeout"
  | "page_too_large"
  | "wait_too_long"
  | "max_pages";

/**
 * What a walk's bound that stopped it says: what went over which bound, and the option that sets
 * it, apart, so a command line can name its own flag instead.
 */
export interface WalkBound {
  /** What went over the bound, with its figures: `GET …: no answer within 30 s`. */
  readonly reason: string;
  /** The walk's option that sets the bound: `timeoutMs`, `maxPageBytes`, … */
  readonly option: BoundOption;
  /** The bound's value, in the option's unit (ms, bytes, pages). */
  readonly limit: number;
  /**
   * A value of the option that would have let the walk past, where the answer told it: the wait
   * a `Retry-After` asked for, a body's `Content-Length`.
   */
  readonly needs?: number;
}

/** The walk's options that bound it, each named by a `PaginationError` it ends a walk with. */
export type BoundOption = "timeoutMs" | "maxPageBytes" | "maxRetryDelayMs" | "maxPages";

/**
 * A walk that cannot go on: an error status (after retries), a `next` link already followed, an
 * empty page that still links onwards, a body that is not a JSON array, a link or redirect to an
 * origin the walk does not trust (see `WalkOptions.trustedOrigins`), a redirect it cannot see
 * the target of, too many redirects, a `next` link that asks for another order than the walk's
 * `sort`, or one of the walk's bounds (see {@link PaginationError.bound}).
 */
export class PaginationError extends Error {
  readonly code: PaginationErrorCode;
  /**
   * The URL whose answer stopped the walk; for `untrusted_origin`, the URL refused (no request
   * went there); for `too_many_redirects`, the URL first asked for; for `sort_mismatch`, the page
   * whose next link asks for another order.
   */
  readonly url: string;
  /** The HTTP status, for `http_error`. */
  readonly status: number | undefined;
  /** The answer's body (an RFC 9457 problem when the server sends one), for `http_error`. */
  readonly body: unknown;
  /**
   * For `timeout`, `page_too_large`, `wait_too_long` and `max_pages`: the bound gone over and the
   * option that sets it (the message is its reason, then `; <option> raises it`).
   */
  readonly bound: WalkBound | undefined;

  constructor(
    code: PaginationErrorCode,
    message: string,
    url: string,
    status?: number,
    body?: unknown,
    bound?: WalkBound,
  ) {
    super(message);
    this.bound = bound;
    this.name = "PaginationError";
    this.code = code;
    this.url = url;
    this.status = status;
    this.body = body;
  }
}

/**
 * The error a walk's bound ends it with: its message is the reason, then the option that raises
 * the bound.
 *
 * @param code - the bound's code
 * @param url - the URL whose request went over the bound
 * @param bound - the reason and the option
 * @example
 * ```ts
 * const reason = `GET ${url}: no answer within 30 s`;
 * boundError("timeout", url, { reason, option: "timeoutMs", limit: 30_000 });
 * // message: "GET …: no answer within 30 s; timeoutMs raises it"
 * ```
 */
export function boundError(
  code: PaginationErrorCode,
  url: string,
  bound: WalkBound,
): PaginationError {
  const message = `${bound.reason}; ${bound.option} raises it`;
  return new PaginationError(code, message, url, undefined, undefined, bound);
}

/**
 * Whether `error` is a 404 `page_out_of_range` problem: the page asked for lies past the end of
 * the list (a server with `overflow: 'error'`).
 */
export function isPastTheEnd(error: unknown): boolean {
  return (
    error instanceof PaginationError &&
    error.status === 404 &&
    (error.body as { code?: unknown } | null | undefined)?.code === "page_out_of_range"
  );
}

/**
 * What `pending` resolves to, or undefined when it fails with a 404 `page_out_of_range` (see
 * {@link isPastTheEnd}); other failures pass through.
 */
export async function unlessPastTheEnd<V>(pending: Promise<V>): Promise<V | undefined> {
  try {
    return await pending;
  } catch (error) {
    if (isPastTheEnd(error)) return undefined;
    throw error;
  }
}
