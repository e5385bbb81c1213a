/**
 * How a walk that stopped early goes on: the options to add to the same command, or why none can.
 * Every command line `walk` prints is one it accepts and that goes further: never a `--from` the
 * command would refuse, nor one that leads back to where the walk stopped.
 */
import {
  PaginationError,
  type PaginationErrorCode,
  type WalkBound,
} from "../client/pagination-error.js";
import { MAX_TIMER_MS } from "../client/walk-bounds.js";
import { DEFAULT_PAGE_SIZE_PARAM } from "../options.js";
import { BOUND_FLAGS, flagValue } from "./bound-flags.js";

/** The options to add to the same command (each name before its value), or why none go on. */
export type GoOn = { readonly options: readonly string[] } | { readonly reason: string };

/** The errors no `--from` gets past, and why: asked again, the same pages would stop it again. */
const DEAD_ENDS: Partial<Record<PaginationErrorCode, string>> = {
  link_loop: "the list's links loop, so no --from goes on",
  empty_page_with_next: "an empty page links onwards, so no --from goes on",
  sort_mismatch: "the next link asks for another order, so no --from goes on in this one",
  list_moved_too_far:
    "the list lost more rows under the walk than it remembers, so no --from goes on: walk it again from the start",
};

/**
 * How to go on after a walk stopped (interrupted, or on `error`) with `next` the last written
 * page's next link: `--from` it; after a link or redirect to an untrusted origin, also
 * `--trust-origin` that origin (the `--from` page is then on either); after a bound (a timeout, a
 * page too large, a wait too long), also that bound raised, as the same page would stop the walk
 * again; no way after a loop, an empty page that links onwards, another order, a list that moved
 * too far, or a step from https down to http.
 *
 * @param error - what stopped the walk; undefined for Ctrl-C
 * @param next - the URL to go on from (see `resumeUrl`), undefined when the walk wrote no page
 * @param start - the walk's first page (`--from`'s, else the list's)
 * @returns the options, or a reason; undefined when there is nothing to say (no page to go on to)
 * @example
 * ```ts
 * goOnAfter(undefined, "http://x/?page=4", "http://x/"); // { options: ["--from", "http://x/?page=4"] }
 * ```
 */
export function goOnAfter(
  error: unknown,
  next: string | undefined,
  start: string,
): GoOn | undefined {
  if (error instanceof PaginationError) {
    const deadEnd = DEAD_ENDS[error.code];
    if (deadEnd !== undefined) return { reason: deadEnd };
    if (error.code === "untrusted_origin") return trustAndGoOn(error.url, next, start);
    if (error.bound !== undefined && error.code !== "max_pages")
      return raiseAndGoOn(error.bound, next);
  }
  return next === undefined ? undefined : { options: ["--from", next] };
}

function trustAndGoOn(refused: string, next: string | undefined, start: string): GoOn {
  const target = new URL(refused);
  if (new URL(start).protocol === "https:" && target.protocol === "http:") {
    return { reason: "no --trust-origin follows a walk from https down to http" };
  }
  const from = next === undefined ? [] : ["--from", next];
  return { options: ["--trust-origin", target.origin, ...from] };
}

/**
 * The bound raised to what the answer asked for (a `Retry-After`'s wait, a `Content-Length`), else
 * doubled, then `--from`; no way where a wait would pass the longest timer.
 */
function raiseAndGoOn(bound: WalkBound, next: string | undefined): GoOn {
  const value = bound.needs ?? bound.limit * 2;
  if (bound.option !== "maxPageBytes" && value > MAX_TIMER_MS) {
    return {
      reason: "the server asks to wait longer than any --max-wait, so no --from goes on now",
    };
  }
  const from = next === undefined ? [] : ["--from", next];
  return { options: [BOUND_FLAGS[bound.option], flagValue(bound.option, value), ...from] };
}

/**
 * `goOn` with `--page-size` set to the size its `--from` page carries, where the walk's own
 * `--page-size` differs (a server that serves and links another size): the command refuses a
 * `--from` at another size than `--page-size`, and a later `--page-size` wins over the first.
 *
 * @param goOn - how to go on (see {@link goOnAfter})
 * @param pageSize - the walk's `--page-size`, or undefined without one
 * @example
 * ```ts
 * keepingPageSize({ options: ["--from", "http://x/?page=3&page_size=5"] }, 1000);
 * // { options: ["--page-size", "5", "--from", "http://x/?page=3&page_size=5"] }
 * ```
 */
export function keepingPageSize(goOn: GoOn, pageSize: number | undefined): GoOn {
  if ("reason" in goOn || pageSize === undefined) return goOn;
  const at = goOn.options.indexOf("--from");
  const from = goOn.options[at + 1];
  const size = from === undefined ? null : new URL(from).searchParams.get(DEFAULT_PAGE_SIZE_PARAM);
  if (size === null || !/^\d+$/.test(size) || Number(size) === pageSize) return goOn;
  const { options } = goOn;
  return { options: [...options.slice(0, at), "--page-size", size, ...options.slice(at)] };
}
