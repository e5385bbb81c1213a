/** Why a walk stopped early. */
export type PaginationErrorCode =
  | "http_error"
  | "link_loop"
  | "empty_page_with_next"
  | "not_an_array";

/**
 * A walk that cannot go on: an error status (after retries), a `next` link already followed, an
 * empty page that still links onwards, or a body that is not a JSON array.
 */
export class PaginationError extends Error {
  readonly code: PaginationErrorCode;
  /** The URL whose answer stopped the walk. */
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
