/**
 * pagewise: HTTP pagination and request conventions as framework-free functions.
 * @packageDocumentation
 */
export {
  exposedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "./header-names.js";
export { sendsParamsInBody } from "./http-methods.js";
export type { BodyInput } from "./json-body.js";
export { isJsonMediaType } from "./json-media-type.js";
export { formatLinkHeader, type LinkValue } from "./link-header.js";
export { type PageLink, type PageLinksOptions, type PageRel, pageLinks } from "./page-links.js";
export { type PageParams, type PageParamsOptions, parsePageParams } from "./page-params.js";
export { type Page, type PageRequest, type PaginateOptions, paginate } from "./paginate.js";
export { type PaginationHeadersOptions, paginationHeaders } from "./pagination-headers.js";
export {
  PagewiseError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  type ProblemIssue,
} from "./problem-error.js";
export type { QueryInput } from "./query-input.js";
export {
  type ReadRequestParamsOptions,
  type RequestParams,
  type RequestParamsInput,
  readRequestParams,
} from "./read-request-params.js";
export {
  type SplitRequest,
  type SplitRequestParamsOptions,
  splitRequestParams,
} from "./split-request-params.js";
export type { StandardSchemaV1 } from "./standard-schema.js";
