/**
 * An RFC 9457 problem details object, as sent in an `application/problem+json` body.
 *
 * pagewise always uses `type: "about:blank"` with `title` set to the status phrase, and adds two
 * extension members: `code` (a stable machine-readable reason) and, where one parameter is at
 * fault, `parameter` (its name). Validation failures also carry `errors`, one entry per issue.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly parameter?: string;
  readonly errors?: readonly ProblemIssue[];
}

/** One validation issue inside {@link Problem.errors}. */
export interface ProblemIssue {
  /** Dotted path of the offending value, e.g. `status` or `items.0.name`; empty for the root. */
  readonly parameter: string;
  readonly detail: string;
}

/** Each problem code and the one HTTP status it is answered with. */
export const PROBLEM_STATUS = Object.freeze({
  invalid_parameter: 400,
  page_size_too_large: 400,
  page_out_of_range: 404,
  unsupported_media_type: 415,
  malformed_json: 400,
  body_not_object: 400,
  parameter_in_query: 400,
  validation_failed: 400,
  payload_too_large: 413,
  bad_request: 400,
  not_found: 404,
  unauthorized: 401,
  method_not_allowed: 405,
  service_unavailable: 503,
  invalid_cursor: 400,
  cursor_query_mismatch: 400,
  cursor_too_large: 400,
  result_not_json: 500,
} as const);

/** The stable reasons pagewise reports; the `code` member of every {@link Problem}. */
export type ProblemCode = keyof typeof PROBLEM_STATUS;

/** The `title` of a problem at each status pagewise answers with (the status phrase). */
export const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The media type of a problem body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const BRAND = Symbol.for("pagewise.PagewiseError");

/**
 * The one error class pagewise throws for a bad request (or a fault the server answers as a
 * problem: 500, 503): it carries the HTTP status and the RFC 9457 problem object, so an adapter
 * (or your own error handler) can answer with it unchanged.
 *
 * @example
 * ```ts
 * try {
 *   parsePageParams("page_size=abc", { invalid: "strict" });
 * } catch (error) {
 *   if (error instanceof PagewiseError) {
 *     res.status(error.status).type("application/problem+json").send(error.problem);
 *   }
 * }
 * ```
 */
export class PagewiseError extends Error {
  /**
   * `instanceof PagewiseError` holds across copies of pagewise (its ESM and CJS builds loaded side by
   * side, or two installed versions): it checks a global brand, not the prototype chain.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && BRAND in value;
  }

  /** The brand {@link PagewiseError}'s `instanceof` checks. */
  readonly [BRAND] = true;

  /** The HTTP status to answer with (4xx; 500 or 503 for a fault of the server). */
  readonly status: number;
  /** The RFC 9457 body to answer with. */
  readonly problem: Problem;
  /** Response headers the answer needs besides the body's (`Allow` for 405, `WWW-Authenticate` for 401). */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * @param status - the HTTP status: 4xx, or 500/503 for a fault of the server
   * @param code - the stable reason, copied into `problem.code`
   * @param detail - a human-readable explanation of this occurrence
   * @param extra - `parameter` and `errors` members to add to the problem
   * @param headers - response headers the answer needs, e.g. `{ Allow: "GET, OPTIONS" }`
   */
  constructor(
    status: number,
    code: ProblemCode,
    detail: string,
    extra: { parameter?: string; errors?: readonly ProblemIssue[] } = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = "PagewiseError";
    this.status = status;
    this.headers = headers;
    this.problem = {
      type: "about:blank",
      title: STATUS_TITLES[status] ?? "Error",
      status,
      detail,
      code,
      ...extra,
    };
  }
}

type ProblemExtra = { parameter?: string; errors?: readonly ProblemIssue[] };

/** The error of a problem code, at the status the code fixes. */
function problem(
  code: ProblemCode,
  detail: string,
  extra?: ProblemExtra,
  headers?: Readonly<Record<string, string>>,
): PagewiseError {
  return new PagewiseError(PROBLEM_STATUS[code], code, detail, extra, headers);
}

// One factory per problem code: the only places pagewise builds a PagewiseError.

/** 400 `invalid_parameter`: strict mode, `page` or `page_size` not a valid number. */
export function invalidParameter(parameter: string, detail: string): PagewiseError {
  return problem("invalid_parameter", detail, { parameter });
}

/** 400 `page_size_too_large`: `overMax: 'error'` and a page size over the maximum. */
export function pageSizeTooLarge(parameter: string, max: number): PagewiseError {
  return problem("page_size_too_large", `Parameter "${parameter}" must be at most ${max}.`, {
    parameter,
  });
}

/** 404 `page_out_of_range`: `overflow: 'error'` and a page past the last. */
export function pageOutOfRange(
  page: number,
  last: number | undefined,
  parameter: string,
): PagewiseError {
  const where = last === undefined ? "" : `; the last page is ${last}`;
  return problem("page_out_of_range", `Page ${page} does not exist${where}.`, { parameter });
}

/** 415 `unsupported_media_type`: a body that is not JSON. */
export function unsupportedMediaType(): PagewiseError {
  return problem(
    "unsupported_media_type",
    "The request body must be JSON, sent with Content-Type: application/json.",
  );
}

/** 400 `malformed_json`: a body that is not UTF-8 JSON. */
export function malformedJson(): PagewiseError {
  return problem("malformed_json", "The request body is not valid UTF-8 JSON.");
}

/** 400 `body_not_object`: a JSON body that is not an object. */
export function bodyNotObject(): PagewiseError {
  return problem("body_not_object", "The request body must be a JSON object.");
}

/** 400 `parameter_in_query`: query parameters on a DELETE/PATCH/POST/PUT. */
export function parameterInQuery(method: string, parameter: string): PagewiseError {
  return problem(
    "parameter_in_query",
    `Parameters of a ${method.toUpperCase()} request go in a JSON body, not the query string; found "${parameter}".`,
    { parameter },
  );
}

/** 400 `validation_failed`: the schema rejected the parameters (every issue in `errors`). */
export function validationFailed(detail: string, errors: readonly ProblemIssue[]): PagewiseError {
  const parameter = errors[0]?.parameter;
  return problem("validation_failed", detail, { ...(parameter ? { parameter } : {}), errors });
}

/** 413 `payload_too_large`: a body over the limit. */
export function payloadTooLarge(maxBytes: number): PagewiseError {
  return problem("payload_too_large", `The request body is larger than ${maxBytes} bytes.`);
}

/** 400 `bad_request`: a request that could not be read (an aborted upload, a malformed escape). */
export function badRequest(): PagewiseError {
  return problem("bad_request", "The request could not be read.");
}

/**
 * 404 `not_found`: a path nothing is served at (the path, cut to 200 characters, in its detail).
 *
 * @example
 * ```ts
 * const { status, headers, body } = problemResponse(notFoundProblem(req.path));
 * ```
 */
export function notFoundProblem(path: string): PagewiseError {
  return problem("not_found", `Nothing is served at ${JSON.stringify(path.slice(0, 200))}.`);
}

/** The challenge a 401 carries (RFC 9110 requires one). */
const API_KEY_CHALLENGE = { "WWW-Authenticate": 'ApiKey header="X-Api-Key"' };

/** 401 `unauthorized`: `X-Api-Key` missing or rejected, with the `WWW-Authenticate` challenge. */
export function unauthorized(detail: string): PagewiseError {
  return problem("unauthorized", detail, {}, API_KEY_CHALLENGE);
}

/** 405 `method_not_allowed`, with the `Allow` header. */
export function methodNotAllowed(method: string, allow: string): PagewiseError {
  return problem(
    "method_not_allowed",
    `${method} is not allowed here; allowed: ${allow}.`,
    {},
    { Allow: allow },
  );
}

/**
 * 503 `service_unavailable`: what a handler throws when what it serves from (a database) cannot
 * answer now. With `retryAfterSeconds`, a `Retry-After` tells clients (pagewise's walker included)
 * to try again then: give it only when a retry is safe, as when the database could not even be
 * reached (a write that may have been carried out must not invite a blind retry). Every adapter
 * answers it as a problem, like pagewise's own.
 *
 * @param detail - what is unavailable, without internals (no connection strings, no stack)
 * @param retryAfterSeconds - the `Retry-After` to send; none when absent
 * @example
 * ```ts
 * try { return await pool.query(sql, values); }
 * catch (error) { if (isConnectRefused(error)) throw serviceUnavailable("The database is not reachable.", 1); throw error; }
 * ```
 */
export function serviceUnavailable(detail: string, retryAfterSeconds?: number): PagewiseError {
  const headers =
    retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
  return problem("service_unavailable", detail, {}, headers);
}

/** 400 `invalid_cursor`: a cursor that is not one this server signed (junk, tampered, another secret). */
export function invalidCursor(parameter: string): PagewiseError {
  return problem(
    "invalid_cursor",
    `Parameter "${parameter}" is not a cursor this server issued; start again from the first page.`,
    { parameter },
  );
}

/**
 * 500 `result_not_json`: the handler returned, so its work is done, but its result cannot be
 * written as JSON (a cycle, a `toJSON` or getter that throws, a function or symbol as the whole
 * result, nesting too deep). The detail says no more: an error's own message may hold internals.
 */
export function resultNotJson(): PagewiseError {
  return problem(
    "result_not_json",
    "The request was carried out, but its result could not be written as JSON.",
  );
}

/** 400 `cursor_query_mismatch`: a cursor issued for other filters or another sort. */
export function cursorQueryMismatch(parameter: string): PagewiseError {
  return problem(
    "cursor_query_mismatch",
    `Parameter "${parameter}" belongs to a list with other filters or another order; start again from the first page.`,
    { parameter },
  );
}

/** 400 `cursor_too_large`: a cursor longer than any this server issues. */
export function cursorTooLarge(parameter: string, max: number): PagewiseError {
  return problem(
    "cursor_too_large",
    `Parameter "${parameter}" is longer than ${max} characters, longer than any cursor this server issues.`,
    { parameter },
  );
}
