/**
 * What every check reads: the list's URL, its first answer and kind, the probe that sends, and
 * the options the command was given.
 */
import type { Exchange } from "./exchange.js";
import type { ListKind, PageFacts } from "./page-facts.js";
import type { Probe } from "./probe.js";

/** The options of a check run (the command line's, read). */
export interface CheckOptions {
  /** The URL of a list with no items (`--empty`), for the empty-dataset check. */
  readonly empty: string | undefined;
  /** The item member that tells items apart in the walks (`--key`). */
  readonly key: string;
  /** The most pages each walk reads (`--max-pages`). */
  readonly maxPages: number;
  /** Whether the two refused writes are sent (`--write`). */
  readonly write: boolean;
  /** The header the API key goes in, and whether one was given (a wrong one is then sent once). */
  readonly apiKeyHeader: string;
  readonly apiKeyGiven: boolean;
}

/** A check's inputs. */
export interface CheckContext {
  /** The list's URL as given, with its filters. */
  readonly url: string;
  /** The answer to a GET of {@link CheckContext.url}. */
  readonly first: Exchange;
  readonly facts: PageFacts;
  readonly kind: ListKind;
  /** Pages read for the header and link checks: the URL as given, then page 1, 2 and the last. */
  readonly samples: readonly Exchange[];
  readonly probe: Probe;
  readonly options: CheckOptions;
}

/**
 * The list's URL with one query parameter set, or removed (`undefined`), the others kept in order.
 *
 * @param url - the URL
 * @param name - the parameter
 * @param value - its new value; `undefined` removes it
 * @returns the new URL's text
 * @example
 * ```ts
 * withParam("http://h/items/?status=failed", "page", 2); // "http://h/items/?status=failed&page=2"
 * ```
 */
export function withParam(url: string, name: string, value: string | number | undefined): string {
  const next = new URL(url);
  if (value === undefined) next.searchParams.delete(name);
  else next.searchParams.set(name, String(value));
  return next.href;
}
