import { isToken } from "../http/token.js";
import { assertKnownNames, assertObject, describeValue } from "../option-checks.js";
import { type PaginationHeaderNames, X_PAGINATION } from "./header-name-presets.js";

export { headerNamePresets, type PaginationHeaderNames } from "./header-name-presets.js";

/**
 * {@link PaginationHeaderNames} checked and complete: every key present, a header name or `null`
 * (not sent), in the order the headers are written and exposed.
 */
export type ResolvedHeaderNames = {
  readonly [K in keyof PaginationHeaderNames]-?: string | null;
};

/**
 * The header names to list in `Access-Control-Expose-Headers`, without which a browser script on
 * another origin cannot read `Link` or `X-Pagination-*`.
 *
 * @param names - the header names in use; default {@link headerNamePresets}.xPagination
 * @returns the names that are sent, e.g. `["Link", "X-Pagination-Count", …]`
 *
 * @example
 * ```ts
 * res.setHeader("Access-Control-Expose-Headers", exposedHeaderNames().join(", "));
 * ```
 */
export function exposedHeaderNames(names: PaginationHeaderNames = X_PAGINATION): string[] {
  return Object.values(checkedHeaderNames(names)).filter((name): name is string => name !== null);
}

/**
 * The keys of {@link PaginationHeaderNames} in the order the headers are written and exposed (the
 * type checker keeps this complete).
 */
const NAME_KEYS: Record<keyof PaginationHeaderNames, true> = {
  link: true,
  count: true,
  page: true,
  pageTotal: true,
  pageSize: true,
  countAtLeast: true,
  countEstimate: true,
};

/** The two names a set may leave out, and what they are then. */
const OPTIONAL_NAMES: Readonly<Partial<Record<keyof PaginationHeaderNames, string>>> = {
  countAtLeast: X_PAGINATION.countAtLeast,
  countEstimate: X_PAGINATION.countEstimate,
};

const checked = new WeakMap<PaginationHeaderNames, ResolvedHeaderNames>();

/**
 * The names resolved (the two optional ones defaulted when left out), each checked once per
 * object to be an HTTP token (no injection through configuration) and distinct from the others in
 * any letter case.
 *
 * @param names - the header names given
 * @returns every name by its key, e.g. `{ link: "Link", count: "X-Pagination-Count", … }`
 * @throws {TypeError} for an unknown key, a name that is not text or `null`, an invalid name, or a
 *   name used twice
 * @example
 * ```ts
 * checkedHeaderNames(headerNamePresets.totalCount).count; // "X-Total-Count"
 * ```
 */
export function checkedHeaderNames(names: PaginationHeaderNames): ResolvedHeaderNames {
  const known = checked.get(names);
  if (known !== undefined) return known;
  assertObject("headerNames", names);
  assertKnownNames("headerNames key", names, NAME_KEYS);
  const keys = Object.keys(NAME_KEYS) as (keyof PaginationHeaderNames)[];
  const resolved = {} as Record<keyof PaginationHeaderNames, string | null>;
  for (const key of keys) {
    const given: unknown = names[key];
    const name = given === undefined ? OPTIONAL_NAMES[key] : given;
    if (name !== null && typeof name !== "string") {
      throw new TypeError(
        `headerNames.${key} must be a header name or null (not sent); got ${describeValue(name)}`,
      );
    }
    resolved[key] = name;
  }
  const seen = new Set<string>();
  for (const name of Object.values(resolved)) {
    if (name === null) continue;
    if (!isToken(name) || name === "__proto__") {
      throw new TypeError(`Invalid header name: ${JSON.stringify(name)}`);
    }
    if (seen.has(name.toLowerCase())) {
      throw new TypeError(`Header name used twice: ${JSON.stringify(name)}`);
    }
    seen.add(name.toLowerCase());
  }
  // An object literal: one fixed shape, which every response's header writer reads fast.
  const frozen: ResolvedHeaderNames = Object.freeze({
    link: resolved.link,
    count: resolved.count,
    page: resolved.page,
    pageTotal: resolved.pageTotal,
    pageSize: resolved.pageSize,
    countAtLeast: resolved.countAtLeast,
    countEstimate: resolved.countEstimate,
  });
  checked.set(names, frozen);
  return frozen;
}
