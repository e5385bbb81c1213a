import { type PagewiseError, PROBLEM_CONTENT_TYPE } from "../errors.js";
import type { ResourceResponse } from "./contract.js";

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
