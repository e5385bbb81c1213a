import {
  clientError,
  malformedJson,
  PagewiseError,
  payloadTooLarge,
  unsupportedMediaType,
} from "../errors.js";
import { isWholeNumber } from "../params/whole-number.js";

/**
 * The {@link PagewiseError} of an error that carries a client error status of its own: a
 * framework's routing or body error (Fastify's `FST_ERR_MAX_PARAM_LENGTH`, 414; express.json()'s
 * parse failure, 400) or any error with an integer `status` or `statusCode` from 400 to 499, the
 * fields Express and Fastify themselves answer with. It keeps the status and names nothing of the
 * error (no message, no stack): a body error gets pagewise's own problem (`malformed_json`,
 * `payload_too_large`, `unsupported_media_type`), any other status the one code of that status
 * (`uri_too_long`, `too_many_requests`, …; docs/decisions.md lists them). A `PagewiseError` is
 * itself. Anything else (no status, a 5xx, a status that is not an integer) is a server fault:
 * `undefined`, for the app's own 500.
 *
 * @param error - what the framework threw or passed to its error handler
 * @param maxBodyBytes - the body limit in force, named in a 413's detail
 * @returns the error to answer with, or `undefined` for a server fault
 * @example
 * ```ts
 * const problem = frameworkError(error, defaults.maxBodyBytes);
 * if (problem === undefined) throw error; // a bug: the app's 500
 * sendResponse(reply, problemResponse(problem));
 * ```
 */
export function frameworkError(error: unknown, maxBodyBytes: number): PagewiseError | undefined {
  if (error instanceof PagewiseError) return error;
  const status = ownStatus(error);
  if (status === undefined) return undefined;
  if (status === 413) return payloadTooLarge(maxBodyBytes);
  if (status === 415) return unsupportedMediaType();
  if (status === 400 && isParseError(error as Record<string, unknown>)) return malformedJson();
  return clientError(status);
}

/** The error's own 4xx status (`status`, else `statusCode`, as Express reads them), if it has one. */
function ownStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as Record<string, unknown>;
  const value = typeof status === "number" ? status : statusCode;
  return isWholeNumber(value, 400, 499) ? value : undefined;
}

/**
 * A body that did not parse: body-parser's `entity.parse.failed`, Fastify's `FST_ERR_CTP_*`, or
 * the `SyntaxError` Fastify 4's JSON parser passes on as it is.
 */
function isParseError(error: Record<string, unknown>): boolean {
  const { type, code } = error;
  return (
    type === "entity.parse.failed" ||
    (typeof code === "string" && code.startsWith("FST_ERR_CTP_")) ||
    error instanceof SyntaxError
  );
}
