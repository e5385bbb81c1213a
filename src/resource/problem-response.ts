import {
  badRequest,
  malformedJson,
  PagewiseError,
  PROBLEM_CONTENT_TYPE,
  payloadTooLarge,
  unsupportedMediaType,
} from "../errors.js";
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
  if (httpStatus === 413) return payloadTooLarge(maxBodyBytes);
  if (httpStatus === 415) return unsupportedMediaType();
  if (httpStatus !== 400) return undefined;
  if (type === "entity.parse.failed" || String(code).startsWith("FST_ERR_CTP_"))
    return malformedJson();
  return badRequest();
}
