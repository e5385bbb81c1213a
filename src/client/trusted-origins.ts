import { describeValue } from "../option-checks.js";
import { PaginationError } from "./pagination-error.js";

/** What a valid entry of `trustedOrigins` looks like, for the messages that ask for one. */
const EXAMPLE_ORIGIN = '"https://api.example.com"';

/**
 * The origin of `url` as the walker compares them: scheme, host and port (a default port left
 * out), as `URL.origin` serializes them; for a scheme without a web origin (`URL.origin` is
 * `"null"`), the same three parts all the same.
 *
 * @param url - an absolute URL
 * @example
 * ```ts
 * originOf(new URL("https://API.example.com:443/items/?page=2")); // "https://api.example.com"
 * ```
 */
function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/**
 * Checks a walk's `trustedOrigins` option: absent, or an array of origins written as
 * {@link originOf} writes them (`https://api.example.com`: no path, query, user or trailing
 * slash, the host in lower case, no default port).
 *
 * @param value - the option as given
 * @throws {TypeError} for anything else, naming the entry and, where one can be read from it, the
 *   origin to write instead
 * @example
 * ```ts
 * assertTrustedOrigins(["https://api.example.com"]); // passes
 * assertTrustedOrigins(["https://api.example.com/"]); // TypeError: … write "https://api.example.com"
 * ```
 */
export function assertTrustedOrigins(value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    throw new TypeError(
      `trustedOrigins must be an array of origins such as ${EXAMPLE_ORIGIN}; got ${describeValue(value)}`,
    );
  }
  value.forEach((entry: unknown, index) => {
    const origin = typeof entry === "string" ? readOrigin(entry) : undefined;
    if (origin === entry) return;
    const fix = origin === undefined ? "" : `: write ${JSON.stringify(origin)}`;
    throw new TypeError(
      `trustedOrigins[${index}] must be an origin such as ${EXAMPLE_ORIGIN} (scheme, host, and a port other than the default; nothing after it); got ${describeValue(entry)}${fix}`,
    );
  });
}

/** The origin an entry names, when it parses as an absolute URL with a host. */
function readOrigin(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined; // not URL.canParse: the client runs in browsers older than it
  }
  return url.host === "" ? undefined : originOf(url);
}

/**
 * Where a walk may send its requests (and with them the caller's headers): the origin it starts
 * on and the origins the caller trusts, never from https down to http. Returns the check of a
 * URL the walk is about to fetch.
 *
 * @param startUrl - the walk's first page, absolute
 * @param trusted - the caller's `trustedOrigins`, checked already (see {@link assertTrustedOrigins})
 * @returns a check that throws a `PaginationError` `untrusted_origin` for a URL the walk must not
 *   fetch; `from` is the URL that redirected there, if a redirect did
 * @example
 * ```ts
 * const check = originGuard("https://api.example.com/items/", []);
 * check("https://api.example.com/items/?page=2"); // passes
 * check("https://elsewhere.example/items/?page=2"); // throws PaginationError untrusted_origin
 * ```
 */
export function originGuard(
  startUrl: string,
  trusted: readonly string[] = [],
): (url: string, from?: string) => void {
  const start = new URL(startUrl);
  const home = originOf(start);
  const allowed = new Set([home, ...trusted]);
  const secure = start.protocol === "https:";
  return (url, from) => {
    const target = new URL(url);
    const origin = originOf(target);
    const via = from === undefined ? "" : ` (a redirect from ${from})`;
    if (secure && target.protocol === "http:") {
      throw new PaginationError(
        "untrusted_origin",
        `Refused ${url}${via}: the walk began over https, on ${home}, and goes to no http origin such as ${origin} (trustedOrigins cannot allow that)`,
        url,
      );
    }
    if (!allowed.has(origin)) {
      throw new PaginationError(
        "untrusted_origin",
        `Refused ${url}${via}: its origin ${origin} is neither the walk's, ${home}, nor in trustedOrigins; name it there to follow it`,
        url,
      );
    }
  };
}
