import type { EmptyHeaders, QueryOnBodyMethods } from "../options.js";
import type { PaginationHeaderNames } from "../page/header-names.js";
import type { PageLinksOptions } from "../page/page-links.js";
import type { PageParamsOptions } from "../page/page-params.js";
import type { PaginateOptions } from "../page/paginate.js";
import type { VersionOptions } from "../params/api-version.js";
import type { ApiKeyVerifier } from "./api-key.js";
import type { CorsOptions } from "./cors-headers.js";
import type { DeadlineOption } from "./deadline.js";

/** Options of a resource: how it reads pages, writes links and headers, authenticates and does CORS. */
export interface ResourceOptions<N = unknown>
  extends PageParamsOptions,
    Pick<PaginateOptions, "overflow">,
    Pick<PageLinksOptions, "baseUrl" | "linkParams" | "template"> {
  /** Require `X-Api-Key` and check it; a missing or rejected key is a 401 problem. OPTIONS is never checked. */
  readonly apiKey?: ApiKeyVerifier<N>;
  /**
   * CORS: `true` for any origin, or {@link CorsOptions}.
   *
   * @default false (CORS off)
   */
  readonly cors?: boolean | CorsOptions;
  /**
   * Build absolute links from `X-Forwarded-Proto`/`X-Forwarded-Host` (or `Host`). Only behind a proxy you trust.
   *
   * @default `false`
   */
  readonly trustProxy?: boolean;
  /**
   * Largest request body read, in bytes; a larger one is a 413 problem.
   *
   * @default 1 MiB
   */
  readonly maxBodyBytes?: number;
  /**
   * See {@link ReadRequestParamsOptions}.
   *
   * @default `'reject'`
   */
  readonly queryOnBodyMethods?: QueryOnBodyMethods;
  /** See {@link PaginationHeadersOptions}. */
  readonly emptyHeaders?: EmptyHeaders;
  /** See {@link PaginationHeadersOptions}. */
  readonly headerNames?: PaginationHeaderNames;
  /**
   * The API versions served (the spec's versioning parameter, read as Cloudsmith reads it): the
   * `version` parameter or `Accept: application/json; version=v1`, never a filter; the handler
   * gets the chosen one as `version`. See {@link VersionOptions}.
   *
   * @default none: no version parameter (a `version` in the request is an ordinary parameter)
   */
  readonly version?: VersionOptions;
  /**
   * The milliseconds a request has, from when the resource starts serving it to its answer:
   * when they pass, the handler's `signal` is aborted and the answer is a 503 problem,
   * `deadline_exceeded`, at once (the handler's late result is dropped), with `Retry-After`
   * for a GET (`retryAfter` seconds), none for a write, which may still be carried out. A
   * number, or `{ ms, retryAfter }`.
   *
   * @default none: a request waits for its handler however long it takes
   * @default retryAfter 1 second
   * @example
   * ```ts
   * defineResource({ GET: list({ handler }) }, { deadline: { ms: 5000, retryAfter: 2 } });
   * ```
   */
  readonly deadline?: DeadlineOption;
}
