/**
 * `--trust-origin ORIGIN`, repeatable: an origin besides the list's that `walk` may send its
 * requests to (and with them the API key and `-H`'s headers), as the client's `trustedOrigins`.
 */
import { InvalidArgumentError } from "commander";

/**
 * Adds one `--trust-origin` value to those read so far (commander's repeatable option): an http or
 * https origin, written as `scheme://host[:port]` (a trailing `/` is taken; a path, query, user or
 * fragment is not), normalized as the client compares origins (host in lower case, no default
 * port).
 *
 * @param text - the option's value, e.g. `https://cdn.example.com`
 * @param origins - the origins read before it
 * @default `[]` before the first
 * @returns the origins with this one
 * @throws {InvalidArgumentError} for anything but an origin
 * @example
 * ```ts
 * addTrustedOrigin("https://CDN.example.com:443/", []); // ["https://cdn.example.com"]
 * addTrustedOrigin("https://cdn.example.com/items/", []); // throws: must be an origin …
 * ```
 */
export function addTrustedOrigin(text: string, origins: readonly string[] = []): string[] {
  const origin = originOf(text);
  if (origin === undefined) {
    throw new InvalidArgumentError(
      `must be an origin such as https://api.example.com (scheme, host and port; nothing after them), got ${JSON.stringify(text)}`,
    );
  }
  return [...origins, origin];
}

/** The http(s) origin `text` names, or undefined when it is not one or has more than one. */
function originOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const web = url.protocol === "http:" || url.protocol === "https:";
  const afterHost = text.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "");
  const bare =
    (afterHost === "" || afterHost === "/") && url.username === "" && url.password === "";
  return web && bare ? url.origin : undefined;
}
