import {
  type ProblemIssue,
  parameterInQuery,
  unsupportedMediaType,
  validationFailed,
} from "../errors.js";
import { isJsonMediaType } from "../http/media-type.js";
import { sendsParamsInBody } from "../http/methods.js";
import type { QueryOnBodyMethods } from "../options.js";
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
   */
  readonly queryOnBodyMethods?: QueryOnBodyMethods;
}

/** The parameters {@link readRequestParams} returns: the schema's output, or a plain record. */
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
  queryOnBodyMethods: QueryOnBodyMethods = "reject",
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
  queryOnBodyMethods: QueryOnBodyMethods = "reject",
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

/**
 * Validates parameters with a Standard Schema (zod 4) synchronously.
 *
 * @throws {PagewiseError} 400 `validation_failed` listing every issue
 */
export function validateParams(schema: StandardSchemaV1, params: unknown): unknown {
  const result = schema["~standard"].validate(params);
  if (result instanceof Promise) {
    throw new TypeError("readRequestParams needs a synchronous schema (no async refinements)");
  }
  if (!result.issues) return result.value;
  const errors: ProblemIssue[] = result.issues.flatMap(matchingAlternative).map((issue) => ({
    parameter: (issue.path ?? [])
      .map((key) => String(typeof key === "object" ? key.key : key))
      .join("."),
    detail: issue.message,
  }));
  const first = errors[0];
  const where = first?.parameter ? `"${first.parameter}": ` : "";
  throw validationFailed(
    `Invalid request parameters: ${where}${first?.detail ?? "rejected"}.`,
    errors,
  );
}

type Issue = StandardSchemaV1.Issue;

/**
 * A failed union (zod's `invalid_union`, whose `errors` holds each alternative's issues) reported
 * as the issues of the one alternative whose shape fits the input: for `{ status: "lost" }`
 * against "an object or an array of them", the object's `status` issue, not "Invalid input".
 * Alternatives that failed on the input's very type are passed over; when none or several fit,
 * the union's own issue stands.
 */
function matchingAlternative(issue: Issue): Issue[] {
  const alternatives = (issue as { errors?: unknown }).errors;
  if (!Array.isArray(alternatives) || !alternatives.every(Array.isArray)) return [issue];
  const fitting = (alternatives as Issue[][]).filter(
    (issues) => !issues.some(isTypeMismatchAtRoot),
  );
  if (fitting.length !== 1) return [issue];
  const base = issue.path ?? [];
  return (fitting[0] as Issue[]).flatMap((inner) =>
    matchingAlternative({ ...inner, path: [...base, ...(inner.path ?? [])] }),
  );
}

function isTypeMismatchAtRoot(issue: Issue): boolean {
  return (issue as { code?: unknown }).code === "invalid_type" && (issue.path ?? []).length === 0;
}
