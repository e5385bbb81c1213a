import { toHeaderSafeUrl } from "./header-safe-url.js";
import { trimTrailingSlashes } from "./request-target.js";

/**
 * Checks a configured base URL when a resource is defined, as the first link would.
 *
 * @throws {TypeError} for anything but an absolute http(s) URL without credentials, query or fragment
 */
export function assertBaseUrl(baseUrl: unknown): void {
  if (typeof baseUrl !== "string" && !(baseUrl instanceof URL)) {
    throw new TypeError(`baseUrl must be a string or a URL, got ${typeof baseUrl}`);
  }
  trustedBase(baseUrl);
}

let lastBase: { readonly input: string; readonly value: string } | undefined;

/**
 * A configured base URL validated and normalised for links: its origin and its path without
 * trailing slashes, header-safe. Memoised on the last input (callers pass the same one each call).
 *
 * @throws {TypeError} for anything but an absolute http(s) URL without credentials, query or
 *   fragment, with a DNS name or IP address as its host
 */
export function trustedBase(baseUrl: string | URL): string {
  const input = String(baseUrl);
  if (lastBase?.input === input) return lastBase.value;
  const url = URL.canParse(input) ? new URL(input) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new TypeError(`baseUrl must be an absolute http(s) URL, got ${JSON.stringify(input)}`);
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new TypeError(
      `baseUrl must not carry credentials, a query or a fragment: ${JSON.stringify(input)}`,
    );
  }
  if (!PLAIN_ORIGIN.test(url.origin)) {
    throw new TypeError(
      `baseUrl's host must be a DNS name or an IP address: ${JSON.stringify(input)}`,
    );
  }
  const value = url.origin + toHeaderSafeUrl(trimTrailingSlashes(url.pathname));
  lastBase = { input, value };
  return value;
}

/** scheme://host[:port] with a DNS name, IPv4 or bracketed IPv6 host: nothing a header must escape. */
const PLAIN_ORIGIN = /^https?:\/\/[A-Za-z0-9._~\-:[\]]+$/;
