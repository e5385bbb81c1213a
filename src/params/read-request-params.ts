import { parameterInQuery, unsupportedMediaType } from "../errors.js";
import { isJsonMediaType } from "../http/media-type.js";
import { sendsParamsInBody } from "../http/methods.js";
import { DEFAULT_QUERY_ON_BODY_METHODS, type QueryOnBodyMethods } from "../options.js";
import {
  type BodyInput,
  isAbsentBody,
  readJsonObject,
  readJsonValue,
  withoutForbiddenKeys,
} from "./json-body.js";
import type { QueryInput } from "./query-input.js";
import { queryRecord } from "./query-record.js";
import type { StandardSchemaV1 } from "./standard-schema.js";
import { validateParams } from "./validate-params.js";

/** A request as an adapter hands it to {@link readRequestParams}. */
export interface RequestParamsInput {
  /** The query: `URLSearchParams`, a query string or a parsed object (`req.query`). */
  readonly query?: QueryInput;
  /** The body: raw text or bytes, or what a framework's JSON parser produced. */
  readonly body?: BodyInput;
  /** The request's `Content-Type` header, if any. */
  readonly contentType?: string | null | undefined;
}

/** Options of {@link readRequestParams}. */
export interface ReadRequestParamsOptions<S extends StandardSchemaV1 | undefined> {
  /** A zod schema (or any Standard Schema) the parameters must satisfy; its output is returned. */
  readonly schema?: S;
  /**
   * Query parameters on a DELETE/PATCH/POST/PUT, whose parameters belong in the body:
   * `'reject'` (default) answers 400 so a misplaced filter never widens a delete; `'ignore'` drops them.
   *
   * @default `'reject'`
   */
  readonly queryOnBodyMethods?: QueryOnBodyMethods;
}

/**
 * The parameters {@link readRequestParams} returns and a resource's handler receives as `params`:
 * the schema's output, or a plain record without a schema.
 */
export type RequestParams<S> = S extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<S>
  : Record<string, unknown>;

/**
 * Reads a request's parameters from where the spec (section 4.1) puts them: the query for GET
 * (and other query methods), the JSON body for DELETE, PATCH, POST and PUT.
 *
 * A repeated query parameter becomes an array of its values (nothing is dropped). A body must be
 * JSON (`application/json` or `application/*+json`, UTF-8) and a JSON object; a missing body reads as `{}`.
 * `__proto__`, `constructor` and `prototype` keys never reach the result.
 *
 * @param method - the request method, any letter case
 * @param input - `{ query, body, contentType }`
 * @param options - `schema` to validate with; `queryOnBodyMethods`, default `'reject'`
 * @returns the parameters (the schema's output when a schema is given)
 * @throws {PagewiseError} 415 for a non-JSON body; 400 for malformed JSON, a non-object body, query
 *   parameters on a body method, or a value the schema rejects
 *
 * @example
 * ```ts
 * const params = readRequestParams("DELETE", {
 *   body: '{"status":"awaiting_sync"}',
 *   contentType: "application/json",
 * }, { schema: z.object({ status: z.enum(["awaiting_sync", "failed"]) }) });
 * // { status: "awaiting_sync" }
 * ```
 */
export function readRequestParams<S extends StandardSchemaV1 | undefined = undefined>(
  method: string,
  input: RequestParamsInput,
  options: ReadRequestParamsOptions<S> = {},
): RequestParams<S> {
  const params = readRawParams(method, input, options.queryOnBodyMethods);
  return (options.schema ? validateParams(options.schema, params) : params) as RequestParams<S>;
}

/** The parameters before validation: the query for query methods, the JSON body for body methods. */
export function readRawParams(
  method: string,
  input: RequestParamsInput,
  queryOnBodyMethods: QueryOnBodyMethods = DEFAULT_QUERY_ON_BODY_METHODS,
): Record<string, unknown> {
  return sendsParamsInBody(method)
    ? (readBody(method, input, queryOnBodyMethods, readJsonObject) as Record<string, unknown>)
    : queryParams(input.query);
}

/**
 * A body method's JSON body as any JSON value (an array, say), with the same checks as
 * {@link readRawParams}: no query parameters, a JSON content type; a missing body reads as `{}`.
 */
export function readRawBody(
  method: string,
  input: RequestParamsInput,
  queryOnBodyMethods: QueryOnBodyMethods = DEFAULT_QUERY_ON_BODY_METHODS,
): unknown {
  return readBody(method, input, queryOnBodyMethods, readJsonValue);
}

function readBody(
  method: string,
  input: RequestParamsInput,
  onQuery: QueryOnBodyMethods,
  read: (body: BodyInput) => unknown,
): unknown {
  const misplaced = onQuery === "reject" ? firstQueryName(input.query) : undefined;
  if (misplaced !== undefined) {
    throw parameterInQuery(method, misplaced);
  }
  if (isAbsentBody(input.body)) return {};
  if (!isJsonMediaType(input.contentType ?? "")) {
    throw unsupportedMediaType();
  }
  return read(input.body);
}

function firstQueryName(query: QueryInput | undefined): string | undefined {
  if (query === undefined) return undefined;
  const source = typeof query === "string" ? new URLSearchParams(query) : query;
  if (source instanceof URLSearchParams) return source.keys().next().value;
  return Object.keys(source)[0];
}

function queryParams(query: QueryInput | undefined): Record<string, unknown> {
  if (query === undefined) return {};
  if (typeof query === "string" || query instanceof URLSearchParams) return queryRecord(query);
  return withoutForbiddenKeys(query) as Record<string, unknown>;
}
