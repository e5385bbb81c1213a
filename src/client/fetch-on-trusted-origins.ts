import { PaginationError } from "./pagination-error.js";

/** What the walker needs of a fetch: a URL and its init in, a response out. */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** The statuses that redirect (Fetch's "redirect status"), when they carry a `Location`. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Redirects followed for one request, at most (Fetch's limit). */
const MAX_REDIRECTS = 20;

/**
 * `fetcher` that sends nothing where `check` refuses: it asks with `redirect: 'manual'` and follows
 * redirects itself (301, 302, 303, 307 and 308 with a readable `Location`, up to
 * {@link MAX_REDIRECTS}), checking each URL before it is fetched, so the request's headers reach
 * only the origins the check allows. Fetch's own `redirect: 'follow'` would carry them anywhere
 * (Node's undici drops `Authorization` on another origin, not `X-Api-Key`). A fetch that followed
 * redirects all the same (the caller's) has its response's URL checked before it is read.
 *
 * @param fetcher - the fetch to send requests with
 * @param check - throws for a URL the walk must not fetch; `from` is the URL that redirected there
 * @throws {PaginationError} `untrusted_origin` from `check`; `hidden_redirect` where fetch hides a
 *   redirect's target (a browser's `opaqueredirect`); `too_many_redirects` past the limit
 * @example
 * ```ts
 * const get = fetchOnTrustedOrigins(fetch, originGuard("https://api.example.com/items/"));
 * await get("https://api.example.com/items/?page=2", { headers: { "X-Api-Key": key } });
 * ```
 */
export function fetchOnTrustedOrigins(
  fetcher: Fetcher,
  check: (url: string, from?: string) => void,
): Fetcher {
  return async (url, init) => {
    let at = url;
    let from: string | undefined;
    for (let redirects = 0; ; redirects++) {
      check(at, from);
      const response = await fetcher(at, { ...init, redirect: "manual" });
      if (response.type === "opaqueredirect") {
        throw new PaginationError(
          "hidden_redirect",
          `GET ${at} answered a redirect whose target this fetch hides (a browser's does): the walk cannot check where it leads, so it does not follow it; start from, or link to, the URL it leads to`,
          at,
        );
      }
      await checked(response, at, check);
      const next = redirectTarget(response, at);
      if (next === undefined) return response;
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS) {
        throw new PaginationError(
          "too_many_redirects",
          `GET ${url} was redirected more than ${MAX_REDIRECTS} times`,
          url,
        );
      }
      from = at;
      at = next;
    }
  };
}

/** Passes a response whose URL (where a fetch that follows redirects itself ended) is allowed. */
async function checked(
  response: Response,
  asked: string,
  check: (url: string, from?: string) => void,
): Promise<void> {
  if (response.url === "") return;
  try {
    check(response.url, asked);
  } catch (error) {
    await response.body?.cancel();
    throw error;
  }
}

/** Where a redirect leads, absolute; undefined for any other answer or a `Location` unreadable. */
function redirectTarget(response: Response, url: string): string | undefined {
  const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
  if (location === null) return undefined;
  try {
    return new URL(location, url).href;
  } catch {
    return undefined; // answered as it is: an error status
  }
}
