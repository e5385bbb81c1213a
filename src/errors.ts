import { describeValue, quoteText } from "./option-checks.js";

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

/** The `title` of a problem at each status pagewise answers with: its IANA status phrase. */
export const STATUS_TITLES = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  407: "Proxy Authentication Required",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  421: "Misdirected Request",
  422: "Unprocessable Content",
  423: "Locked",
  424: "Failed Dependency",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  503: "Service Unavailable",
} as const;

/** The codes pagewise raises itself, each with its one status. */
const OWN_CODES = {
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
  deadline_exceeded: 503,
  invalid_cursor: 400,
  cursor_query_mismatch: 400,
  cursor_too_large: 400,
  invalid_sort: 400,
  invalid_text: 400,
} as const;

/**
 * Each other registered 4xx status, for a client error pagewise did not raise itself (a
 * framework's, or an error a handler threw with its own status: see {@link clientError}). Its
 * code is its title in snake case (`uri_too_long` for 414 "URI Too Long"): the title is its home.
 */
const OTHER_CLIENT_ERRORS = [
  402, 403, 406, 407, 408, 409, 410, 411, 412, 414, 416, 417, 421, 422, 423, 424, 425, 426, 428,
  429, 431, 451,
] as const;

/** The codes pagewise raises itself that came after the other 4xx statuses, in their order. */
const LATER_CODES = {
  unsupported_version: 400,
  version_conflict: 400,
  result_not_json: 500,
} as const;

/** A status phrase in snake case, as a code: `"URI Too Long"` to `"uri_too_long"`. */
type SnakeCase<S extends string> = S extends `${infer Word} ${infer Rest}`
  ? `${Lowercase<Word>}_${SnakeCase<Rest>}`
  : Lowercase<S>;

/** The code of each other registered 4xx status ({@link OTHER_CLIENT_ERRORS}) and its status. */
type OtherClientErrors = {
  readonly [S in (typeof OTHER_CLIENT_ERRORS)[number] as SnakeCase<(typeof STATUS_TITLES)[S]>]: S;
};

/**
 * A status phrase in snake case, as a code.
 *
 * @param title - an IANA status phrase, e.g. `"Too Many Requests"`
 * @returns its code, e.g. `"too_many_requests"`
 */
function snakeCase<S extends string>(title: S): SnakeCase<S> {
  return title.toLowerCase().replaceAll(" ", "_") as SnakeCase<S>;
}

/** Each problem code and the one HTTP status it is answered with. */
export const PROBLEM_STATUS: Readonly<typeof OWN_CODES & OtherClientErrors & typeof LATER_CODES> =
  Object.freeze({
    ...OWN_CODES,
    ...(Object.fromEntries(
      OTHER_CLIENT_ERRORS.map((status) => [snakeCase(STATUS_TITLES[status]), status]),
    ) as OtherClientErrors),
    ...LATER_CODES,
  });

/** The stable reasons pagewise reports; the `code` member of every {@link Problem}. */
export type ProblemCode = keyof typeof PROBLEM_STATUS;

/** The statuses pagewise answers a problem with: each code's one status. */
export type ProblemStatus = (typeof PROBLEM_STATUS)[ProblemCode];

/** The media type of a problem body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const BRAND = Symbol.for("pagewise.PagewiseError");

/** The members a problem adds beyond the standard ones. */
type ProblemExtra = { parameter?: string; errors?: readonly ProblemIssue[] };

/**
 * The one error class pagewise throws for a bad request (or a fault the server answers as a
 * problem: 500, 503): it carries the HTTP status and the RFC 9457 problem object, so an adapter
 * (or your own error handler) can answer with it unchanged.
 * The status follows from the code: each code has one ({@link PROBLEM_STATUS}).
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
 * throw new PagewiseError("not_found", "No such repository."); // answered 404
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

  /** The HTTP status to answer with (4xx; 500 or 503 for a fault of the server): the code's. */
  readonly status: ProblemStatus;
  /** The RFC 9457 body to answer with. */
  readonly problem: Problem;
  /** Response headers the answer needs besides the body's (`Allow` for 405, `WWW-Authenticate` for 401). */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * @param code - the stable reason, copied into `problem.code`; the status is its one status
   * @param detail - a human-readable explanation of this occurrence
   * @param extra - `parameter` and `errors` members to add to the problem
   * @param headers - response headers the answer needs, e.g. `{ Allow: "GET, OPTIONS" }`
   * @throws {TypeError} for a code that is not a {@link ProblemCode}
   */
  constructor(
    code: ProblemCode,
    detail: string,
    extra: ProblemExtra = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    if (!Object.hasOwn(PROBLEM_STATUS, code)) {
      throw new TypeError(
        `A PagewiseError takes a problem code, which fixes its status (e.g. "not_found" for 404); got ${describeValue(code)}`,
      );
    }
    super(detail);
    const status = PROBLEM_STATUS[code];
    this.name = "PagewiseError";
    this.status = status;
    this.headers = headers;
    this.problem = {
      type: "about:blank",
      title: STATUS_TITLES[status],
      status,
      detail,
      code,
      ...extra,
    };
  }
}

// One factory per problem code: the only places pagewise builds a PagewiseError.

/** 400 `invalid_parameter`: strict mode, `page` or `page_size` not a valid number. */
export function invalidParameter(parameter: string, detail: string): PagewiseError {
  return new PagewiseError("invalid_parameter", detail, { parameter });
}

/** 400 `page_size_too_large`: `overMax: 'error'` and a page size over the maximum. */
export function pageSizeTooLarge(parameter: string, max: number): PagewiseError {
  return new PagewiseError(
    "page_size_too_large",
    `Parameter "${parameter}" must be at most ${max}.`,
    {
      parameter,
    },
  );
}

/** 404 `page_out_of_range`: `overflow: 'error'` and a page past the last. */
export function pageOutOfRange(
  page: number,
  last: number | undefined,
  parameter: string,
): PagewiseError {
  const where = last === undefined ? "" : `; the last page is ${last}`;
  return new PagewiseError("page_out_of_range", `Page ${page} does not exist${where}.`, {
    parameter,
  });
}

/** 415 `unsupported_media_type`: a body that is not JSON. */
export function unsupportedMediaType(): PagewiseError {
  return new PagewiseError(
    "unsupported_media_type",
    "The request body must be JSON, sent with Content-Type: application/json.",
  );
}

/** 400 `malformed_json`: a body that is not UTF-8 JSON. */
export function malformedJson(): PagewiseError {
  return new PagewiseError("malformed_json", "The request body is not valid UTF-8 JSON.");
}

/** 400 `body_not_object`: a JSON body that is not an object. */
export function bodyNotObject(): PagewiseError {
  return new PagewiseError("body_not_object", "The request body must be a JSON object.");
}

/** 400 `parameter_in_query`: query parameters on a DELETE/PATCH/POST/PUT. */
export function parameterInQuery(method: string, parameter: string): PagewiseError {
  return new PagewiseError(
    "parameter_in_query",
    `Parameters of a ${method.toUpperCase()} request go in a JSON body, not the query string; found "${parameter}".`,
    { parameter },
  );
}

/** 400 `validation_failed`: the schema rejected the parameters (every issue in `errors`). */
export function validationFailed(detail: string, errors: readonly ProblemIssue[]): PagewiseError {
  const parameter = errors[0]?.parameter;
  return new PagewiseError("validation_failed", detail, {
    ...(parameter ? { parameter } : {}),
    errors,
  });
}

/** 413 `payload_too_large`: a body over the limit. */
export function payloadTooLarge(maxBytes: number): PagewiseError {
  return new PagewiseError(
    "payload_too_large",
    `The request body is larger than ${maxBytes} bytes.`,
  );
}

/** 400 `bad_request`: a request that could not be read (an aborted upload, a malformed escape). */
export function badRequest(): PagewiseError {
  return new PagewiseError("bad_request", "The request could not be read.");
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
  return new PagewiseError(
    "not_found",
    `Nothing is served at ${JSON.stringify(path.slice(0, 200))}.`,
  );
}

/** The challenge a 401 carries (RFC 9110 requires one). */
const API_KEY_CHALLENGE = { "WWW-Authenticate": 'ApiKey header="X-Api-Key"' };

/** 401 `unauthorized`: `X-Api-Key` missing or rejected, with the `WWW-Authenticate` challenge. */
export function unauthorized(detail: string): PagewiseError {
  return new PagewiseError("unauthorized", detail, {}, API_KEY_CHALLENGE);
}

/** 405 `method_not_allowed`, with the `Allow` header. */
export function methodNotAllowed(method: string, allow: string): PagewiseError {
  return new PagewiseError(
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
  return new PagewiseError("service_unavailable", detail, {}, headers);
}

/**
 * 503 `deadline_exceeded`: the resource's `deadline` passed before its handler answered. The
 * handler's `signal` is aborted with this error as its reason, and its late result is dropped.
 * `Retry-After` is sent for a GET (or HEAD), where nothing was changed; not for a write, whose
 * handler may still finish its change.
 *
 * @param ms - the deadline, in milliseconds, named in the detail
 * @param retryAfterSeconds - the `Retry-After` to send; none when absent
 * @example
 * ```ts
 * deadlineExceeded(5000, 1).problem.detail; // "No answer within the deadline of 5000 ms; try again later."
 * ```
 */
export function deadlineExceeded(ms: number, retryAfterSeconds?: number): PagewiseError {
  const headers =
    retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
  const detail = `No answer within the deadline of ${ms} ms; try again later.`;
  return new PagewiseError("deadline_exceeded", detail, {}, headers);
}

/** 400 `invalid_cursor`: a cursor that is not one this server signed (junk, tampered, another secret). */
export function invalidCursor(parameter: string): PagewiseError {
  return new PagewiseError(
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
  return new PagewiseError(
    "result_not_json",
    "The request was carried out, but its result could not be written as JSON.",
  );
}

/** 400 `cursor_query_mismatch`: a cursor issued for other filters or another sort. */
export function cursorQueryMismatch(parameter: string): PagewiseError {
  return new PagewiseError(
    "cursor_query_mismatch",
    `Parameter "${parameter}" belongs to a list with other filters or another order; start again from the first page.`,
    { parameter },
  );
}

/** 400 `invalid_sort`: a `sort` parameter that names no order the list offers. */
export function invalidSort(parameter: string, detail: string): PagewiseError {
  return new PagewiseError("invalid_sort", `Parameter "${parameter}" cannot be read: ${detail}`, {
    parameter,
  });
}

/** What text a database cannot hold: NUL, or a surrogate without its pair. */
export type UnstorableText = "nul" | "lone_surrogate";

const UNSTORABLE_DETAIL: Readonly<Record<UnstorableText, string>> = {
  nul: "a NUL character (U+0000), which PostgreSQL cannot store",
  lone_surrogate: "a lone surrogate (half of a UTF-16 pair), which is not Unicode text",
};

/**
 * 400 `invalid_text`: a path parameter, a query parameter or a JSON body value (or a name) holding
 * text no database the integrations serve stores as sent (docs/decisions.md, text a database
 * cannot store), refused before any handler runs.
 *
 * @param where - what holds it, as the detail names it: `Path parameter "name"`, `Parameter "q"`,
 *   `A parameter name`
 * @param found - what it holds
 * @param parameter - the `parameter` member (a dotted path into a body); none when empty
 * @example
 * ```ts
 * invalidText('Parameter "q"', "nul", "q").problem.detail;
 * // 'Parameter "q" holds a NUL character (U+0000), which PostgreSQL cannot store.'
 * ```
 */
export function invalidText(
  where: string,
  found: UnstorableText,
  parameter: string,
): PagewiseError {
  return new PagewiseError(
    "invalid_text",
    `${where} holds ${UNSTORABLE_DETAIL[found]}.`,
    parameter === "" ? {} : { parameter },
  );
}

/**
 * 414 `uri_too_long`: a list request whose links would repeat more of its path and parameters
 * than a link holds (`defaults.maxLinkLength`): its `Link` header would be more than common
 * clients read (Node's `fetch` refuses response headers over 16 KiB).
 *
 * @param length - the characters a link would hold before its page number or cursor
 * @param max - the most it may hold (`defaults.maxLinkLength`)
 * @example
 * ```ts
 * linkTooLong(5000, 2048).problem.detail;
 * // "The links to this list's other pages would hold 5000 characters before the page, over the 2048 a link may: shorten the path or the parameters that choose the rows."
 * ```
 */
export function linkTooLong(length: number, max: number): PagewiseError {
  return new PagewiseError(
    "uri_too_long",
    `The links to this list's other pages would hold ${length} characters before the page, over the ${max} a link may: shorten the path or the parameters that choose the rows.`,
  );
}

/** 400 `cursor_too_large`: a cursor longer than any this server issues. */
export function cursorTooLarge(parameter: string, max: number): PagewiseError {
  return new PagewiseError(
    "cursor_too_large",
    `Parameter "${parameter}" is longer than ${max} characters, longer than any cursor this server issues.`,
    { parameter },
  );
}

/** The general code of a status several codes share; any other status has one code only. */
const GENERAL_CODES: Readonly<Record<number, ProblemCode>> = {
  400: "bad_request",
  404: "not_found",
};

/** The code of a client error status (see {@link clientError}); `bad_request` for one unnamed. */
function clientErrorCode(status: number): ProblemCode {
  const general = GENERAL_CODES[status];
  if (general !== undefined) return general;
  const codes = (Object.keys(PROBLEM_STATUS) as ProblemCode[]).filter(
    (code) => PROBLEM_STATUS[code] === status,
  );
  return codes.length === 1 && status >= 400 && status < 500
    ? (codes[0] as ProblemCode)
    : "bad_request";
}

/**
 * The problem of a 4xx status pagewise did not choose itself (a framework's own routing or body
 * error, an error a handler threw with a `status` of its own): the status's code (`uri_too_long`
 * for 414, `too_many_requests` for 429, …) and a detail that names only the status. A 4xx status
 * the IANA registry does not name (418, 499) is read as 400 `bad_request`, as RFC 9110 section 15
 * tells a client to read a status it does not know: as the x00 of its class.
 *
 * @param status - a 4xx status (an integer from 400 to 499)
 * @example
 * ```ts
 * clientError(414).problem; // { status: 414, title: "URI Too Long", code: "uri_too_long", … }
 * ```
 */
export function clientError(status: number): PagewiseError {
  const code = clientErrorCode(status);
  if (code === "bad_request") return badRequest();
  return new PagewiseError(
    code,
    `The request was refused: ${status} ${STATUS_TITLES[PROBLEM_STATUS[code]]}.`,
  );
}

/**
 * 400 `unsupported_version`: a version the resource does not serve, the served ones in `detail`.
 *
 * @param parameter - the version parameter's name
 * @param given - what the request named (a string, or a body's other JSON value)
 * @param served - the versions the resource serves
 */
export function unsupportedVersion(
  parameter: string,
  given: unknown,
  served: readonly string[],
): PagewiseError {
  const named = typeof given === "string" ? quoteText(given) : describeValue(given);
  return new PagewiseError(
    "unsupported_version",
    `Version ${named} is not served here; the versions served: ${served.map(quoteText).join(", ")}.`,
    { parameter },
  );
}

/**
 * 400 `version_conflict`: the request names two versions (the parameter and `Accept`, or a
 * repeated parameter), so which one it expects is unknown.
 *
 * @param parameter - the version parameter's name
 * @param first - one version named
 * @param second - another, different
 */
export function versionConflict(parameter: string, first: string, second: string): PagewiseError {
  return new PagewiseError(
    "version_conflict",
    `The request names two versions, ${quoteText(first)} and ${quoteText(second)}; name one, in the "${parameter}" parameter or the Accept header.`,
    { parameter },
  );
}
