import { invalidParameter, type PagewiseError, pageSizeTooLarge } from "../errors.js";
import { assertOption, describeValue } from "../option-checks.js";
import {
  DEFAULT_MAX_PAGE_SIZE,
  DEFAULT_PAGE_PARAM,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_PARAM,
  INVALID,
  type Invalid,
  OVER_MAX,
  type OverMax,
} from "../options.js";
import { firstValue, type QueryInput } from "../params/query-input.js";
import { assertWholeNumber, readWholeNumber } from "../params/whole-number.js";

/** Options of {@link parsePageParams}. */
export interface PageParamsOptions {
  /**
   * Page size when `page_size` is absent (or invalid, in lenient mode).
   *
   * @default `30`
   */
  readonly defaultPageSize?: number;
  /**
   * Largest page size served.
   *
   * @default `500`
   */
  readonly maxPageSize?: number;
  /**
   * What an invalid value does: `'lenient'` (default) reads a bad `page` as 1 and a bad, zero or
   * negative `page_size` as the default; `'strict'` throws a 400 {@link PagewiseError}.
   *
   * @default `'lenient'`
   */
  readonly invalid?: Invalid;
  /**
   * A `page_size` over the maximum: `'clamp'` (default) serves the maximum; `'error'` throws a 400.
   *
   * @default `'clamp'`
   */
  readonly overMax?: OverMax;
  /**
   * Name of the page parameter.
   *
   * @default `'page'`
   */
  readonly pageParam?: string;
  /**
   * Name of the page-size parameter.
   *
   * @default `'page_size'`
   */
  readonly pageSizeParam?: string;
}

/** A request's effective page number (1-based) and page size. */
export interface PageParams {
  readonly page: number;
  readonly pageSize: number;
}

/**
 * Reads `page` and `page_size` from a request's query (or JSON body) per the spec, section 4.3.
 *
 * `page` is 1-based; absent, zero or negative means page 1. Only whole decimal numbers count
 * (`"1.5"`, `"1e3"`, `"0x10"`, `" 2"` and `""` are invalid); a repeated parameter uses its first
 * value; a page past `Number.MAX_SAFE_INTEGER` reads as `Number.MAX_SAFE_INTEGER` (past the last page).
 *
 * @param query - `URLSearchParams`, a query string (with or without `?`) or a parsed object
 * @param options - defaults: `defaultPageSize` 30, `maxPageSize` 500, `invalid` `'lenient'`,
 *   `overMax` `'clamp'`, `pageParam` `'page'`, `pageSizeParam` `'page_size'`
 * @returns the effective `{ page, pageSize }`
 * @throws {PagewiseError} 400 for an invalid value in strict mode, or an over-maximum size with `overMax: 'error'`
 *
 * @example
 * ```ts
 * parsePageParams("?page=2&page_size=1"); // { page: 2, pageSize: 1 }
 * parsePageParams({ page: "abc", page_size: "900" }); // { page: 1, pageSize: 500 }
 * ```
 */
export function parsePageParams(query: QueryInput, options: PageParamsOptions = {}): PageParams {
  return readPageParams(query, pageParamsSettings(options));
}

/** {@link PageParamsOptions} checked, with every default filled in. */
export interface PageParamsSettings {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
  readonly strict: boolean;
  readonly overMaxIsError: boolean;
  readonly pageParam: string;
  readonly pageSizeParam: string;
}

/**
 * Checks page-parameter options and fills in their defaults, once per resource rather than per request.
 *
 * @throws {RangeError} for page-size limits out of range; {@link TypeError} for an unknown option value
 */
export function pageParamsSettings(options: PageParamsOptions): PageParamsSettings {
  const {
    defaultPageSize = DEFAULT_PAGE_SIZE,
    maxPageSize = DEFAULT_MAX_PAGE_SIZE,
    invalid,
    overMax,
  } = options;
  assertPageSizeLimits(defaultPageSize, maxPageSize);
  assertOption("invalid", invalid, INVALID);
  assertOption("overMax", overMax, OVER_MAX);
  return {
    defaultPageSize,
    maxPageSize,
    strict: invalid === "strict",
    overMaxIsError: overMax === "error",
    pageParam: options.pageParam ?? DEFAULT_PAGE_PARAM,
    pageSizeParam: options.pageSizeParam ?? DEFAULT_PAGE_SIZE_PARAM,
  };
}

/** {@link parsePageParams} with settings from {@link pageParamsSettings}. */
export function readPageParams(query: QueryInput, settings: PageParamsSettings): PageParams {
  const { strict, pageParam } = settings;
  const source = typeof query === "string" ? new URLSearchParams(query) : query;

  const rawPage = firstValue(source, pageParam);
  const page = rawPage === undefined ? 1 : readWholeNumber(rawPage);
  if (page === undefined && strict) throw notWhole(pageParam, rawPage);

  return {
    page: page === undefined || page < 1 ? 1 : page,
    pageSize: readPageSize(source, settings),
  };
}

/** The page size alone, read as {@link readPageParams} reads it (for cursor lists, which have no page). */
export function readPageSize(query: QueryInput, settings: PageParamsSettings): number {
  const { defaultPageSize, maxPageSize, strict, pageSizeParam } = settings;
  const rawSize = firstValue(query, pageSizeParam);
  let pageSize = rawSize === undefined ? defaultPageSize : readWholeNumber(rawSize);
  if (pageSize === undefined || pageSize < 1) {
    if (strict) throw notPositive(pageSizeParam, rawSize);
    pageSize = defaultPageSize;
  }
  if (pageSize > maxPageSize) {
    if (settings.overMaxIsError) throw pageSizeTooLarge(pageSizeParam, maxPageSize);
    pageSize = maxPageSize;
  }
  return pageSize;
}

function assertPageSizeLimits(defaultPageSize: number, maxPageSize: number): void {
  assertWholeNumber("maxPageSize", maxPageSize, 1);
  assertWholeNumber("defaultPageSize (at most maxPageSize)", defaultPageSize, 1, maxPageSize);
}

function notWhole(name: string, value: unknown): PagewiseError {
  return invalidParameter(
    name,
    `Parameter "${name}" must be a whole decimal number; got ${describeValue(value)}.`,
  );
}

function notPositive(name: string, value: unknown): PagewiseError {
  return invalidParameter(
    name,
    `Parameter "${name}" must be a whole number of at least 1; got ${describeValue(value)}.`,
  );
}
