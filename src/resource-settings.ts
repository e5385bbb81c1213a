import { assertOption } from "./option-checks.js";
import { type PageParamsSettings, pageParamsSettings } from "./page-params.js";
import type { PaginateOptions } from "./paginate.js";
import { type HeaderSettings, headerSettings } from "./pagination-headers.js";
import type { ResourceOptions } from "./resource.js";

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
const resolved = new WeakMap<ResourceOptions<never>, ResourceSettings>();

/**
 * The settings of a resource's options, checked on first use and kept for the options object's
 * lifetime (options are read-only once a resource is defined).
 *
 * @throws {TypeError} or {@link RangeError} for an invalid option
 */
export function resourceSettings<N>(options: ResourceOptions<N>): ResourceSettings {
  const known = resolved.get(options as ResourceOptions<never>);
  if (known !== undefined) return known;
  assertOption("overflow", options.overflow, OVERFLOW);
  const settings: ResourceSettings = {
    pageParams: pageParamsSettings(options),
    paginate: { overflow: options.overflow ?? "empty", pageParam: options.pageParam ?? "page" },
    headers: headerSettings(options),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  };
  resolved.set(options as ResourceOptions<never>, settings);
  return settings;
}
