import { assertKnownNames, assertObject, assertOption, describeValue } from "../option-checks.js";
import { assertBaseUrl } from "../pagination/page-links.js";
import { type PageParamsSettings, pageParamsSettings } from "../pagination/page-params.js";
import type { PaginateOptions } from "../pagination/paginate.js";
import { type HeaderSettings, headerSettings } from "../pagination/pagination-headers.js";
import { assertApiKeyOption } from "./api-key.js";
import { assertCorsOption } from "./cors-headers.js";
import type { ResourceOptions } from "./define-resource.js";

/** Default largest body read: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A resource's options checked and resolved once: what each of its requests reads. */
export interface ResourceSettings {
  readonly pageParams: PageParamsSettings;
  readonly paginate: PaginateOptions;
  readonly headers: HeaderSettings;
  readonly maxBodyBytes: number;
}

const OVERFLOW = ["empty", "last", "error"] as const;
const QUERY_ON_BODY_METHODS = ["reject", "ignore"] as const;
const BOOLEANS = [true, false] as const;

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
};
const resolved = new WeakMap<ResourceOptions<never>, ResourceSettings>();

/**
 * The settings of a resource's options: every name known, every value of the right kind (a
 * TypeError or RangeError naming the option and its fix otherwise), checked on first use and kept for the options object's
 * lifetime (options are read-only once a resource is defined).
 *
 * @throws {TypeError} or {@link RangeError} for an invalid option
 */
export function resourceSettings<N>(options: ResourceOptions<N>): ResourceSettings {
  const known = resolved.get(options as ResourceOptions<never>);
  if (known !== undefined) return known;
  assertObject("A resource's options", options);
  assertKnownNames("resource option", options, OPTION_NAMES);
  assertOption("overflow", options.overflow, OVERFLOW);
  assertOption("queryOnBodyMethods", options.queryOnBodyMethods, QUERY_ON_BODY_METHODS);
  assertOption("trustProxy", options.trustProxy, BOOLEANS);
  assertApiKeyOption(options.apiKey);
  assertCorsOption(options.cors);
  if (options.baseUrl !== undefined) assertBaseUrl(options.baseUrl);
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new RangeError(
      `maxBodyBytes must be a whole number of bytes; got ${describeValue(maxBodyBytes)}`,
    );
  }
  const settings: ResourceSettings = {
    pageParams: pageParamsSettings(options),
    paginate: { overflow: options.overflow ?? "empty", pageParam: options.pageParam ?? "page" },
    headers: headerSettings(options),
    maxBodyBytes,
  };
  resolved.set(options as ResourceOptions<never>, settings);
  return settings;
}
