import { isToken } from "../http/token.js";
import { assertKnownNames, assertObject, describeValue } from "../option-checks.js";
/**
 * The response header each pagination value is written to; `null` leaves that value out.
 */
export interface PaginationHeaderNames {
  readonly link: string | null;
  readonly count: string | null;
  readonly page: string | null;
  readonly pageTotal: string | null;
  readonly pageSize: string | null;
  /**
   * A lower bound of the total, sent instead of the count when a capped count found more rows
   * than its cap (docs/databases.md).
   *
   * @default "X-Pagination-CountAtLeast"
   */
  readonly countAtLeast?: string | null;
  /**
   * An estimate of the total (the planner's, say), never sent as the count (docs/databases.md).
   *
   * @default "X-Pagination-CountEstimate"
   */
  readonly countEstimate?: string | null;
}

/**
 * Ready-made header name sets: `xPagination` (the spec's, the default) and `totalCount`
 * (`Link` plus `X-Total-Count`, as json-server and react-admin expect).
 *
 * @example
 * ```ts
 * paginationHeaders(page, { url, headerNames: headerNamePresets.totalCount });
 * paginationHeaders(page, { url, headerNames: { ...headerNamePresets.xPagination, count: "X-Total-Count" } });
 * ```
 */
export const headerNamePresets = Object.freeze({
  xPagination: Object.freeze({
    link: "Link",
    count: "X-Pagination-Count",
    page: "X-Pagination-Page",
    pageTotal: "X-Pagination-PageTotal",
    pageSize: "X-Pagination-PageSize",
    countAtLeast: "X-Pagination-CountAtLeast",
    countEstimate: "X-Pagination-CountEstimate",
  }),
  totalCount: Object.freeze({
    link: "Link",
    count: "X-Total-Count",
    page: null,
    pageTotal: null,
    pageSize: null,
    countAtLeast: null,
    countEstimate: null,
  }),
} satisfies Record<string, PaginationHeaderNames>);

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
export function exposedHeaderNames(
  names: PaginationHeaderNames = headerNamePresets.xPagination,
): string[] {
  return checkedHeaderNames(names).filter((name): name is string => name !== null);
}

/** The keys of {@link PaginationHeaderNames} (the type checker keeps this complete). */
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
const OPTIONAL_NAMES = {
  countAtLeast: headerNamePresets.xPagination.countAtLeast,
  countEstimate: headerNamePresets.xPagination.countEstimate,
} as const;

type HeaderNameList = [
  link: string | null,
  count: string | null,
  page: string | null,
  pageTotal: string | null,
  pageSize: string | null,
  countAtLeast: string | null,
  countEstimate: string | null,
];

const checked = new WeakMap<PaginationHeaderNames, HeaderNameList>();

/**
 * The names in order link, count, page, pageTotal, pageSize, countAtLeast, countEstimate (the last
 * two defaulted when left out), each checked once per object to be
 * an HTTP token (no injection through configuration) and distinct from the others in any letter case.
 */
export function checkedHeaderNames(names: PaginationHeaderNames): HeaderNameList {
  const known = checked.get(names);
  if (known !== undefined) return known;
  assertObject("headerNames", names);
  assertKnownNames("headerNames key", names, NAME_KEYS);
  for (const key of Object.keys(NAME_KEYS)) {
    const name = (names as unknown as Record<string, unknown>)[key];
    if (name === undefined && Object.hasOwn(OPTIONAL_NAMES, key)) continue;
    if (name !== null && typeof name !== "string") {
      throw new TypeError(
        `headerNames.${key} must be a header name or null (not sent); got ${describeValue(name)}`,
      );
    }
  }
  const list: HeaderNameList = [
    names.link,
    names.count,
    names.page,
    names.pageTotal,
    names.pageSize,
    names.countAtLeast === undefined ? OPTIONAL_NAMES.countAtLeast : names.countAtLeast,
    names.countEstimate === undefined ? OPTIONAL_NAMES.countEstimate : names.countEstimate,
  ];
  const seen = new Set<string>();
  for (const name of list) {
    if (name === null) continue;
    if (!isToken(name) || name === "__proto__") {
      throw new TypeError(`Invalid header name: ${JSON.stringify(name)}`);
    }
    if (seen.has(name.toLowerCase())) {
      throw new TypeError(`Header name used twice: ${JSON.stringify(name)}`);
    }
    seen.add(name.toLowerCase());
  }
  checked.set(names, list);
  return list;
}
