/**
 * pagewise: HTTP pagination and request conventions as framework-free functions.
 * @packageDocumentation
 */
export { apiKeyVerifier } from "./api-key.js";
export { type CorsOptions, type CorsRequest, corsHeaders } from "./cors-headers.js";
export { handleResource, type ResourceRequest } from "./handle-resource.js";
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
export { compilePathPattern, type PathMatcher } from "./path-pattern.js";
export {
  PagewiseError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  type ProblemIssue,
} from "./problem-error.js";
export {
  frameworkBodyError,
  notFoundProblem,
  problemResponse,
  type ResourceResponse,
} from "./problem-response.js";
export type { QueryInput } from "./query-input.js";
export {
  type ReadRequestParamsOptions,
  type RequestParams,
  type RequestParamsInput,
  readRequestParams,
} from "./read-request-params.js";
export {
  type ApiKeyVerifier,
  defineResource,
  type HandlerContext,
  type JsonMethod,
  json,
  type ListContext,
  type ListMethod,
  type ListResult,
  list,
  type MethodDefinition,
  type Resource,
  type ResourceMethod,
  type ResourceOptions,
} from "./resource.js";
export { DEFAULT_MAX_BODY_BYTES } from "./resource-settings.js";
export {
  type SplitRequest,
  type SplitRequestParamsOptions,
  splitRequestParams,
} from "./split-request-params.js";
export type { StandardSchemaV1 } from "./standard-schema.js";
