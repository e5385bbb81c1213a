/**
 * pagewise/client: call and walk APIs that follow the Package Repository HTTP API convention
 * ("the spec" in these docs: parameters in the query for GET and in a JSON body otherwise, section
 * 4.1; `Link` and `X-Pagination-*` pagination, section 4.3), with only `fetch`, `URL`,
 * `URLSearchParams` and uri-templates (Node, browsers, Deno, Bun, workers).
 * @packageDocumentation
 */
export { sendsParamsInBody } from "../http/methods.js";
export {
  type SplitRequest,
  type SplitRequestParamsOptions,
  splitRequestParams,
} from "../params/split-request-params.js";
export { type BuildRequestOptions, buildRequest, type PreparedRequest } from "./build-request.js";
export { expandTemplate, type TemplateValue, type TemplateValues } from "./expand-template.js";
export { type RetryOptions, type RetryWait, retryAfterMs } from "./fetch-with-retry.js";
export {
  type BoundOption,
  PaginationError,
  type PaginationErrorCode,
  type WalkBound,
} from "./pagination-error.js";
export { type ParsedLink, parseLinkHeader } from "./parse-link-header.js";
export type { EdgeCheck } from "./repair/page-edge.js";
export type { RequestedSort } from "./sort-text.js";
export {
  type FetchedPage,
  type ListChange,
  type WalkOptions,
  walkItems,
  walkPages,
} from "./walk-pages.js";
