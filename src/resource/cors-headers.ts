import { isToken } from "../http/token.js";
import { assertKnownNames, describeValue, showValue } from "../option-checks.js";
import { X_PAGINATION } from "../page/header-name-presets.js";
import { exposedHeaderNames, type PaginationHeaderNames } from "../page/header-names.js";
import { assertWholeNumber } from "../params/whole-number.js";

/** CORS settings of a resource. */
export interface CorsOptions {
  /**
   * Allowed origins: `'*'` (default), one origin, a list, or a predicate.
   *
   * @default `'*'`
   */
  readonly origin?: "*" | string | readonly string[] | ((origin: string) => boolean);
  /**
   * Request headers a preflight may ask for.
   *
   * @default `['X-Api-Key', 'Content-Type']`
   */
  readonly allowHeaders?: readonly string[];
  /**
   * Seconds a browser may cache a preflight.
   *
   * @default 600
   */
  readonly maxAge?: number;
  /**
   * Send `Access-Control-Allow-Credentials: true` (the origin is then echoed, never `*`).
   *
   * @default `false`
   */
  readonly credentials?: boolean;
}

/** What CORS needs to know of a request. */
export interface CorsRequest {
  readonly origin: string | undefined;
  /** True for an OPTIONS request carrying `Access-Control-Request-Method`. */
  readonly preflight: boolean;
}

const DEFAULT_ALLOW_HEADERS = ["X-Api-Key", "Content-Type"] as const;

const CORS_OPTION_NAMES: Record<keyof CorsOptions, true> = {
  origin: true,
  allowHeaders: true,
  maxAge: true,
  credentials: true,
};

/**
 * Checks a resource's `cors` option when the resource is defined: `true`, `false` or
 * {@link CorsOptions} with known names and values that can stand in a header.
 *
 * @throws {TypeError} or {@link RangeError} naming the option and what it takes
 */
export function assertCorsOption(cors: unknown): void {
  if (cors === undefined || cors === null || typeof cors === "boolean") return;
  if (typeof cors !== "object" || cors === null || Array.isArray(cors)) {
    throw new TypeError(
      `cors must be true, false or an object of CorsOptions; got ${describeValue(cors)}. For any origin use cors: true; for one, cors: { origin: "https://app.example" }.`,
    );
  }
  assertKnownNames("cors option", cors, CORS_OPTION_NAMES);
  const { origin, allowHeaders, maxAge, credentials } = cors as CorsOptions;
  const origins = Array.isArray(origin) ? origin : [origin];
  if (
    typeof origin !== "function" &&
    !origins.every((o) => o === undefined || typeof o === "string")
  ) {
    throw new TypeError(
      `cors.origin must be "*", an origin, a list of origins or a function; got ${describeValue(origin)}`,
    );
  }
  if (
    allowHeaders !== undefined &&
    !(Array.isArray(allowHeaders) && allowHeaders.every((h) => typeof h === "string" && isToken(h)))
  ) {
    throw new TypeError(
      `cors.allowHeaders must be a list of header names; got ${showValue(allowHeaders)}`,
    );
  }
  if (maxAge !== undefined) assertWholeNumber("cors.maxAge (seconds)", maxAge, 0);
  if (credentials !== undefined && typeof credentials !== "boolean") {
    throw new TypeError(
      `cors.credentials must be true or false; got ${describeValue(credentials)}`,
    );
  }
}

/**
 * The CORS response headers for a request: `Access-Control-Allow-Origin` (and `Vary: Origin` when it
 * depends on the origin), `Access-Control-Expose-Headers` with the pagination headers (a script on
 * another origin cannot read `Link` or `X-Pagination-*` without it), and for a preflight the allowed
 * methods and headers and the max age. An origin that is not allowed gets no CORS headers.
 *
 * @param cors - `true` (any origin) or {@link CorsOptions}
 * @param request - the `Origin` header and whether the request is a preflight
 * @param allow - the methods to allow in a preflight, e.g. `"GET, OPTIONS"`
 * @param names - the pagination header names in use
 */
export function corsHeaders(
  cors: true | CorsOptions,
  request: CorsRequest,
  allow: string,
  names: PaginationHeaderNames = X_PAGINATION,
): Record<string, string> {
  const options = cors === true ? {} : cors;
  const { origin = "*", credentials = false } = options;
  const headers: Record<string, string> = {};
  const echo = origin !== "*" || credentials;
  if (echo) headers.Vary = "Origin";
  if (request.origin === undefined || !originAllowed(origin, request.origin)) return headers;
  headers["Access-Control-Allow-Origin"] = echo ? request.origin : "*";
  if (credentials) headers["Access-Control-Allow-Credentials"] = "true";
  if (request.preflight) {
    headers["Access-Control-Allow-Methods"] = allow;
    headers["Access-Control-Allow-Headers"] = (options.allowHeaders ?? DEFAULT_ALLOW_HEADERS).join(
      ", ",
    );
    headers["Access-Control-Max-Age"] = String(options.maxAge ?? 600);
  } else {
    headers["Access-Control-Expose-Headers"] = exposedHeaderNames(names).join(", ");
  }
  return headers;
}

function originAllowed(allowed: NonNullable<CorsOptions["origin"]>, origin: string): boolean {
  if (allowed === "*") return true;
  if (typeof allowed === "string") return allowed === origin;
  if (typeof allowed === "function") return allowed(origin);
  return allowed.includes(origin);
}
