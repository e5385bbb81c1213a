/**
 * The two walks of the `walks` check, each reading item keys: one by `next` links from page 1,
 * one by page numbers, both capped at a number of pages.
 */
import { expandTemplate } from "../../client/expand-template.js";
import { parseLinkHeader } from "../../client/parse-link-header.js";
import { withParam } from "./check-context.js";
import { type Exchange, itemsOf } from "./exchange.js";
import { pageFacts } from "./page-facts.js";
import type { Probe } from "./probe.js";
import { SPEC } from "./spec-terms.js";

/** What a walk read: the items' keys in order, its pages, and why it stopped early, if it did. */
export interface WalkedKeys {
  readonly keys: unknown[];
  readonly pages: Exchange[];
  /** True when it stopped at the cap with pages left. */
  capped: boolean;
  /** What went wrong (an error status, a link back to a page read, an item without the key). */
  problem?: string;
  /** Set when a `next` link left out the page size the walk asked, which it then added back. */
  sizeAdded?: boolean;
}

/**
 * Walks by `next` links from `start`, as a link-following client does, but keeping `start`'s page
 * size where a link leaves it out (as pagewise's client does: the spec's links may carry only the
 * page). A `next` link to another origin is not followed: the command's headers (the API key)
 * would go with it.
 *
 * @param start - the first page's URL
 * @param key - the item member read
 * @param maxPages - the most pages read
 * @param probe - the sender
 * @returns what it read
 * @example
 * ```ts
 * (await walkByLinks("http://h/items/", "id", 50, probe)).keys; // [1, 2, …]
 * ```
 */
export async function walkByLinks(
  start: string,
  key: string,
  maxPages: number,
  probe: Probe,
): Promise<WalkedKeys> {
  const walked: WalkedKeys = { keys: [], pages: [], capped: false };
  const size = new URL(start).searchParams.get(SPEC.pageSizeParam);
  const seen = new Set<string>();
  let url: string | undefined = start;
  while (url !== undefined) {
    if (walked.pages.length === maxPages) return { ...walked, capped: true };
    if (seen.has(url)) return { ...walked, problem: `next link back to ${url}, read before` };
    seen.add(url);
    const page = await read(url, key, probe, walked);
    if (page === undefined) return walked;
    url = nextUrl(page, size, walked);
    if (url !== undefined && new URL(url).origin !== new URL(start).origin) {
      return { ...walked, problem: `next link to ${url} leaves the list's origin: not followed` };
    }
  }
  return walked;
}

/**
 * Walks by page numbers, 1 to `pageTotal` (at most `maxPages`).
 *
 * @param start - the list's URL (its `page` replaced)
 * @param pageTotal - the list's page total
 * @param key - the item member read
 * @param maxPages - the most pages read
 * @param probe - the sender
 * @returns what it read
 * @example
 * ```ts
 * (await walkByNumbers("http://h/items/", 4, "id", 50, probe)).pages.length; // 4
 * ```
 */
export async function walkByNumbers(
  start: string,
  pageTotal: number,
  key: string,
  maxPages: number,
  probe: Probe,
): Promise<WalkedKeys> {
  const walked: WalkedKeys = { keys: [], pages: [], capped: pageTotal > maxPages };
  for (let page = 1; page <= Math.min(pageTotal, maxPages); page++) {
    const url = withParam(start, SPEC.pageParam, page);
    if ((await read(url, key, probe, walked)) === undefined) return walked;
  }
  return walked;
}

/** Reads one page into the walk; `undefined` (and the walk's problem set) when it cannot. */
async function read(
  url: string,
  key: string,
  probe: Probe,
  walked: WalkedKeys,
): Promise<Exchange | undefined> {
  const page = await probe.send({ url });
  walked.pages.push(page);
  if (page.status !== 200) {
    walked.problem = `${url} answered ${page.status}`;
    return undefined;
  }
  for (const item of itemsOf(page)) {
    if (typeof item !== "object" || item === null || !Object.hasOwn(item, key)) {
      walked.problem = `an item of ${url} has no "${key}" (give --key)`;
      return undefined;
    }
    walked.keys.push((item as Record<string, unknown>)[key]);
  }
  return page;
}

/** The page's `next` URL, resolved, with the walk's page size added back if the link left it out. */
function nextUrl(page: Exchange, size: string | null, walked: WalkedKeys): string | undefined {
  const facts = pageFacts(page);
  const next = parseLinkHeader(facts.link ?? "").find((link) => link.rel === "next");
  if (next === undefined) return undefined;
  const text = next.url.includes("{")
    ? expandTemplate(next.url, { [SPEC.pageSizeParam]: facts.pageSize })
    : next.url;
  const url = new URL(text, page.url);
  if (size !== null && !url.searchParams.has(SPEC.pageSizeParam)) {
    url.searchParams.set(SPEC.pageSizeParam, size);
    walked.sizeAdded = true;
  }
  return url.href;
}
