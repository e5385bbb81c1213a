/** Why a walk stopped early. */
export type PaginationErrorCode =
  | "http_error"
  | "link_loop"
  | "empty_page_with_next"
  | "not_an_array"
  | "untrusted_origin"
  | "hidden_redirect"
  | "too_many_redirects"
  | "sort_mismatch";

/**
 * A walk that cannot go on: an error status (after retries), a `next` link already followed, an
 * empty page that still links onwards, a body that is not a JSON array, a link or redirect to an
 * origin the walk does not trust (see `WalkOptions.trustedOrigins`), a redirect it cannot see
 * the target of, too many redirects, or a `next` link that asks for another order than the walk's
 * `sort`.
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

  constructor(
    code: PaginationErrorCode,
    message: string,
    url: string,
    status?: number,
    body?: unknown,
  ) {
    super(message);
    this.name = "PaginationError";
    this.code = code;
    this.url = url;
    this.status = status;
    this.body = body;
  }
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
