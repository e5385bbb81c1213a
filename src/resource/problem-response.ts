import { PagewiseError, PROBLEM_CONTENT_TYPE } from "../errors.js";

/** A response as plain values: what every adapter writes back unchanged. */
export interface ResourceResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body text, or `null` for none (204, HEAD). */
  readonly body: string | null;
}

/**
 * The `application/problem+json` response for a {@link PagewiseError}: its status, its headers
 * (`Allow`, `WWW-Authenticate`) and its RFC 9457 problem as the body.
 *
 * @example
 * ```ts
 * const { status, headers, body } = problemResponse(error);
 * ```
 */
export function problemResponse(error: PagewiseError): ResourceResponse {
  return {
    status: error.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, ...error.headers },
    body: JSON.stringify(error.problem),
  };
}

/**
 * Turns a framework's own 4xx body error (express.json()'s, Fastify's) into a {@link PagewiseError},
 * so it is answered as a problem exactly like pagewise's own; any other error is `undefined`.
 *
 * @param error - what the framework threw or passed to its error handler
 * @param maxBodyBytes - the body limit in force, named in a 413's detail
 */
export function frameworkBodyError(
  error: unknown,
  maxBodyBytes: number,
): PagewiseError | undefined {
  if (error instanceof PagewiseError) return error;
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode, type, code } = error as Record<string, unknown>;
  const httpStatus = Number(status ?? statusCode);
  if (httpStatus === 413) return bodyTooLarge(maxBodyBytes);
  if (httpStatus === 415) return notJson();
  if (httpStatus !== 400) return undefined;
  if (type === "entity.parse.failed" || String(code).startsWith("FST_ERR_CTP_"))
    return malformedJson();
  return unreadable();
}

/** The 400 problem for a request that could not be read: an aborted upload, a malformed escape. */
export function unreadable(): PagewiseError {
  return new PagewiseError(400, "bad_request", "The request could not be read.");
}

/** The 413 problem for a body over the limit. */
export function bodyTooLarge(maxBytes: number): PagewiseError {
  return new PagewiseError(
    413,
    "payload_too_large",
    `The request body is larger than ${maxBytes} bytes.`,
  );
}

/** The 415 problem for a body that is not JSON. */
export function notJson(): PagewiseError {
  return new PagewiseError(
    415,
    "unsupported_media_type",
    "The request body must be JSON, sent with Content-Type: application/json.",
  );
}

/** The 400 problem for a body that is not UTF-8 JSON. */
export function malformedJson(): PagewiseError {
  return new PagewiseError(400, "malformed_json", "The request body is not valid UTF-8 JSON.");
}

/** The 404 problem for a path nothing is served at (the path, cut to 200 characters, in its detail). */
export function notFoundProblem(path: string): PagewiseError {
  return new PagewiseError(
    404,
    "not_found",
    `Nothing is served at ${JSON.stringify(path.slice(0, 200))}.`,
  );
}
