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

/** The stable reasons pagewise reports; the `code` member of every {@link Problem}. */
export type ProblemCode =
  | "invalid_parameter"
  | "page_size_too_large"
  | "page_out_of_range"
  | "unsupported_media_type"
  | "malformed_json"
  | "body_not_object"
  | "parameter_in_query"
  | "validation_failed"
  | "payload_too_large"
  | "bad_request"
  | "not_found"
  | "unauthorized"
  | "method_not_allowed";

const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
};

/** The media type of a problem body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const BRAND = Symbol.for("pagewise.PagewiseError");

/**
 * The one error class pagewise throws for a bad request: it carries the HTTP status and the
 * RFC 9457 problem object, so an adapter (or your own error handler) can answer with it unchanged.
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

  /** The HTTP status to answer with (4xx). */
  readonly status: number;
  /** The RFC 9457 body to answer with. */
  readonly problem: Problem;
  /** Response headers the answer needs besides the body's (`Allow` for 405, `WWW-Authenticate` for 401). */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * @param status - a 4xx HTTP status
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
