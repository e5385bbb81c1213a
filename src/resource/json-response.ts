import { utf8Length } from "../http/utf8-length.js";
import type { ResourceResponse } from "./contract.js";
import { resultJson } from "./result-json.js";

/** The media type of every JSON answer but a problem: exactly this, no charset parameter. */
const JSON_CONTENT_TYPE = "application/json";

/**
 * A response whose body is `value` written as JSON by {@link resultJson}, with its `Content-Type`
 * (first) and `Content-Length` (in UTF-8 bytes) around `headers`: how pagewise writes every body,
 * so each adapter sends the same bytes and headers.
 *
 * @param status - the HTTP status
 * @param headers - the answer's other headers
 * @param value - what the body holds
 * @param type - the `Content-Type`; default `application/json` ({@link JSON_CONTENT_TYPE})
 * @throws {PagewiseError} 500 `result_not_json` when `value` cannot be written
 * @example
 * ```ts
 * jsonResponse(200, {}, { deleted: 3 }); // body '{"deleted":3}', Content-Length "13"
 * ```
 */
export function jsonResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  value: unknown,
  type: string = JSON_CONTENT_TYPE,
): ResourceResponse {
  const body = resultJson(value);
  return {
    status,
    headers: { "Content-Type": type, ...headers, "Content-Length": String(utf8Length(body)) },
    body,
  };
}
