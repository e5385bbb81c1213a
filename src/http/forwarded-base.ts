/**
 * The origin a client used, read from `X-Forwarded-Proto` and `X-Forwarded-Host` (first entries),
 * falling back to `Host` and `http`: for links behind a trusted proxy only. Anything that is not a
 * plain http(s) origin (a host with a path, credentials, odd characters) gives `undefined`, and the
 * links stay relative.
 */
export function forwardedBase(header: (name: string) => string | undefined): string | undefined {
  const proto = firstEntry(header("x-forwarded-proto"))?.toLowerCase() ?? "http";
  const host = firstEntry(header("x-forwarded-host")) ?? firstEntry(header("host"));
  if ((proto !== "http" && proto !== "https") || host === undefined || !HOST.test(host)) {
    return undefined;
  }
  return `${proto}://${host.toLowerCase()}`;
}

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

function firstEntry(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const comma = value.indexOf(",");
  const entry = (comma < 0 ? value : value.slice(0, comma)).trim();
  return entry === "" ? undefined : entry;
}
