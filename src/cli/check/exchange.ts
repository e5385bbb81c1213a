import { SPEC_HEADERS } from "./spec-terms.js";

/**
 * One request `check` sent and what came back: the evidence a check's line shows.
 */

/** A request and its answer, as a report shows them. */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  /** Headers sent besides the command's own (`-H`, the API key), e.g. `Origin`. */
  readonly sent: Readonly<Record<string, string>>;
  readonly status: number;
  /** The answer's headers a check reads (pagination, `Allow`, CORS, `Content-Type`), as sent. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body read as JSON; `undefined` when empty or not JSON. */
  readonly body: unknown;
  /** Items on the page: the body's length when it is an array. */
  readonly items: number | undefined;
  /** True when the body was over the probe's size limit and left unread (`body` is then absent). */
  readonly cut: boolean;
  /** The body's first {@link OPENING_CHARS} characters as sent (`""` when empty or cut). */
  readonly opening: string;
}

/**
 * How much of a body an exchange keeps as text: enough to tell a record a write created.
 *
 * @default 200
 * @example
 * ```ts
 * exchange.opening.length <= OPENING_CHARS; // true
 * ```
 */
export const OPENING_CHARS = 200;

const pagination = SPEC_HEADERS;

/**
 * The pagination headers' names as an exchange keeps them (lower case, as fetch gives them), from
 * {@link SPEC_HEADERS}.
 *
 * @example
 * ```ts
 * exchange.headers[PAGE_HEADERS.pageTotal]; // "3"
 * ```
 */
export const PAGE_HEADERS = {
  link: pagination.link.toLowerCase(),
  count: pagination.count.toLowerCase(),
  page: pagination.page.toLowerCase(),
  pageTotal: pagination.pageTotal.toLowerCase(),
  pageSize: pagination.pageSize.toLowerCase(),
  countAtLeast: pagination.countAtLeast.toLowerCase(),
  countEstimate: pagination.countEstimate.toLowerCase(),
} as const;

/** The CORS answer headers the `cors` check reads, as an exchange keeps them. */
export const CORS_HEADERS: readonly string[] = [
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
];

/** The answer headers an exchange keeps (lower case, as fetch gives them). */
export const NOTED_HEADERS: readonly string[] = [
  "content-type",
  ...Object.values(PAGE_HEADERS),
  "allow",
  "location",
  ...CORS_HEADERS,
];

/**
 * The exchange's items, when its body is a JSON array.
 *
 * @param exchange - the exchange
 * @returns the array, or `[]` for any other body
 * @example
 * ```ts
 * itemsOf(exchange).map((item) => item.id);
 * ```
 */
export function itemsOf(exchange: Exchange): readonly unknown[] {
  return Array.isArray(exchange.body) ? exchange.body : [];
}
