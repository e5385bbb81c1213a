import { type PagewiseError, PROBLEM_CONTENT_TYPE } from "../errors.js";
import type { ResourceResponse } from "./contract.js";
import { jsonResponse } from "./json-response.js";

/**
 * The `application/problem+json` response for a {@link PagewiseError}: its status, its headers
 * (`Allow`, `WWW-Authenticate`) with `Content-Type` and `Content-Length`, and its RFC 9457 problem
 * as the body.
 *
 * @example
 * ```ts
 * const { status, headers, body } = problemResponse(error);
 * ```
 */
export function problemResponse(error: PagewiseError): ResourceResponse {
  return jsonResponse(error.status, error.headers, error.problem, PROBLEM_CONTENT_TYPE);
}
