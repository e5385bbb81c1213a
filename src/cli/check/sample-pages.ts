/**
 * The pages the header and link checks read: the URL as given, and of a counted list its first,
 * second (a middle page when there are three or more) and last page, each once.
 */

import { withParam } from "./check-context.js";
import type { Exchange } from "./exchange.js";
import type { PageFacts } from "./page-facts.js";
import type { Probe } from "./probe.js";
import { SPEC } from "./spec-terms.js";

/**
 * Reads the sample pages.
 *
 * @param url - the list's URL as given
 * @param first - its answer
 * @param facts - that answer's header values
 * @param probe - the sender
 * @returns the answers, the given one first
 * @example
 * ```ts
 * await samplePages(url, first, pageFacts(first), probe); // 4 answers for a list of 4+ pages
 * ```
 */
export async function samplePages(
  url: string,
  first: Exchange,
  facts: PageFacts,
  probe: Probe,
): Promise<Exchange[]> {
  const samples = [first];
  const total = facts.count === undefined ? undefined : facts.pageTotal;
  if (total === undefined) return samples;
  const pages = [...new Set([1, Math.min(2, total), total])];
  for (const page of pages) {
    if (page === facts.page) continue;
    samples.push(await probe.send({ url: withParam(url, SPEC.pageParam, page) }));
  }
  return samples;
}
