/**
 * The requests of the load suite, as the issue measured: list pages near and far, filters, a
 * sorted page, a search, cursor pages (the first, and one a link names) and lenient bad input,
 * each connection sending them in turn. Every answer is tallied by status; a 503 without
 * `Retry-After` is counted apart (the goal admits only a 503 with one).
 * @packageDocumentation
 */
import type { RequestSpec } from "autocannon";

/** The repository the example seeds (`SEED`), and the key the suite starts it with. */
export const REPOSITORY = "/package/demo/tools/";
export const KEY = "load-bench-key";

/** Answers by status, and the 503s that came without `Retry-After`. */
export interface Tally {
  readonly statuses: Map<number, number>;
  unavailableWithoutRetry: number;
}

/** The paths of the mix, the cursor page's taken from the first cursor page's `next` link. */
export function mixPaths(cursorNext: string): string[] {
  return [
    `${REPOSITORY}?page=1`,
    `${REPOSITORY}?page=17&page_size=50`,
    `${REPOSITORY}packages/?page=300`,
    `${REPOSITORY}?status=failed&page=2`,
    `${REPOSITORY}?status=completed&sort=-created_at&page=10`,
    `${REPOSITORY}?query=pkg-1`,
    "/v2/package/demo/tools/?page_size=30",
    cursorNext,
    `${REPOSITORY}?page=abc&page_size=-5`,
    `${REPOSITORY}?page=999999`,
  ];
}

/** The mix as autocannon's request cycle, each answer tallied in `tally`. */
export function mixRequests(paths: readonly string[], tally: Tally): RequestSpec[] {
  const onResponse = (
    status: number,
    _body: string,
    _c: unknown,
    headers: Record<string, string>,
  ) => {
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status === 503 && headers["retry-after"] === undefined) tally.unavailableWithoutRetry += 1;
  };
  return paths.map((path) => ({ method: "GET", path, headers: { "x-api-key": KEY }, onResponse }));
}

/**
 * The path of the page after the first cursor page (its `Link` rel="next"), from a running
 * example server.
 */
export async function cursorNextPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/v2/package/demo/tools/?page_size=30`, {
    headers: { "x-api-key": KEY },
  });
  const link = response.headers.get("link") ?? "";
  const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  if (next === undefined) throw new Error(`no next link on the first cursor page: ${link}`);
  const url = new URL(next, origin);
  return url.pathname + url.search;
}
