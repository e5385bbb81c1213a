import { assertBaseUrl } from "../http/base-url.js";
import { assertKnownNames, assertObject, assertOption } from "../option-checks.js";
import {
  BOOLEANS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_OVERFLOW,
  DEFAULT_PAGE_PARAM,
  DEFAULT_QUERY_ON_BODY_METHODS,
  OVERFLOW,
  QUERY_ON_BODY_METHODS,
  type QueryOnBodyMethods,
} from "../options.js";
import { X_PAGINATION } from "../page/header-name-presets.js";
import type { PaginationHeaderNames } from "../page/header-names.js";
import { type PageParamsSettings, pageParamsSettings } from "../page/page-params.js";
import type { PaginateOptions } from "../page/paginate.js";
import { type HeaderSettings, headerSettings } from "../page/pagination-headers.js";
import { type VersionSettings, versionSettings } from "../params/api-version.js";
import { assertWholeNumber } from "../params/whole-number.js";
import { type ApiKeyVerifier, assertApiKeyOption } from "./api-key.js";
import { assertCorsOption, type CorsOptions } from "./cors-headers.js";
import { type DeadlineSettings, deadlineSettings } from "./deadline.js";
import type { ResourceOptions } from "./resource-options.js";

/** A resource's options checked and resolved once, defaults filled in: what each request reads. */
export interface ResourceSettings<N = unknown> {
  readonly pageParams: PageParamsSettings;
  readonly paginate: PaginateOptions;
  readonly headers: HeaderSettings;
  readonly headerNames: PaginationHeaderNames;
  readonly maxBodyBytes: number;
  readonly queryOnBodyMethods: QueryOnBodyMethods;
  readonly apiKey: ApiKeyVerifier<N> | undefined;
  /** `undefined` when CORS is off. */
  readonly cors: true | CorsOptions | undefined;
  readonly baseUrl: string | URL | undefined;
  readonly trustProxy: boolean;
  /** `undefined` when the resource declares no versions. */
  readonly version: VersionSettings | undefined;
  /** `undefined` when the resource sets no deadline. */
  readonly deadline: DeadlineSettings | undefined;
}

/** Every option a resource takes (the type checker keeps this complete): anything else is a typo. */
const OPTION_NAMES: Record<keyof ResourceOptions, true> = {
  defaultPageSize: true,
  maxPageSize: true,
  invalid: true,
  overMax: true,
  pageParam: true,
  pageSizeParam: true,
  overflow: true,
  baseUrl: true,
  linkParams: true,
  template: true,
  apiKey: true,
  cors: true,
  trustProxy: true,
  maxBodyBytes: true,
  queryOnBodyMethods: true,
  emptyHeaders: true,
  headerNames: true,
  version: true,
  deadline: true,
};

/**
 * The settings of a resource's options: every name known, every value of the right kind (a
 * TypeError or RangeError naming the option and its fix otherwise), defaults filled in. Run once,
 * when the resource is defined.
 *
 * @throws {TypeError} or {@link RangeError} for an invalid option
 */
export function resolveSettings<N>(options: ResourceOptions<N>): ResourceSettings<N> {
  assertObject("A resource's options", options);
  assertKnownNames("resource option", options, OPTION_NAMES);
  assertOption("overflow", options.overflow, OVERFLOW);
  assertOption("queryOnBodyMethods", options.queryOnBodyMethods, QUERY_ON_BODY_METHODS);
  assertOption("trustProxy", options.trustProxy, BOOLEANS);
  assertApiKeyOption(options.apiKey);
  assertCorsOption(options.cors);
  if (options.baseUrl !== undefined) assertBaseUrl(options.baseUrl);
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
  assertWholeNumber("maxBodyBytes", maxBodyBytes, 0);
  const deadline = deadlineSettings(options.deadline);
  const pageParams = pageParamsSettings(options);
  return {
    pageParams,
    paginate: {
      overflow: options.overflow ?? DEFAULT_OVERFLOW,
      pageParam: options.pageParam ?? DEFAULT_PAGE_PARAM,
    },
    headers: headerSettings(options),
    headerNames: options.headerNames ?? X_PAGINATION,
    maxBodyBytes,
    queryOnBodyMethods: options.queryOnBodyMethods ?? DEFAULT_QUERY_ON_BODY_METHODS,
    // null (a JavaScript caller's "off") reads as absent.
    apiKey: options.apiKey ?? undefined,
    cors:
      options.cors === true || (typeof options.cors === "object" && options.cors !== null)
        ? options.cors
        : undefined,
    baseUrl: options.baseUrl,
    trustProxy: options.trustProxy === true,
    version:
      options.version === undefined
        ? undefined
        : versionSettings(options.version, {
            [pageParams.pageParam]: "the page parameter",
            [pageParams.pageSizeParam]: "the page-size parameter",
          }),
    deadline,
  };
}
