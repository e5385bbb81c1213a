/**
 * pagewise: HTTP pagination and request conventions as framework-free functions.
 * @packageDocumentation
 */

export {
  PagewiseError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  type ProblemIssue,
} from "./errors.js";
export { formatLinkHeader, type LinkValue } from "./http/link-header.js";
export { isJsonMediaType } from "./http/media-type.js";
export { sendsParamsInBody } from "./http/methods.js";
export { compilePathPattern, type PathMatcher } from "./http/path-pattern.js";
export {
  exposedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "./pagination/header-names.js";
export {
  type PageLink,
  type PageLinksOptions,
  type PageRel,
  pageLinks,
} from "./pagination/page-links.js";
export {
  type PageParams,
  type PageParamsOptions,
  parsePageParams,
} from "./pagination/page-params.js";
export {
  type Page,
  type PageRequest,
  type PaginateOptions,
  paginate,
} from "./pagination/paginate.js";
export {
  type PaginationHeadersOptions,
  paginationHeaders,
} from "./pagination/pagination-headers.js";
export type { BodyInput } from "./params/json-body.js";
export type { QueryInput } from "./params/query-input.js";
export {
  type ReadRequestParamsOptions,
  type RequestParams,
  type RequestParamsInput,
  readRequestParams,
} from "./params/read-request-params.js";
export {
  type SplitRequest,
  type SplitRequestParamsOptions,
  splitRequestParams,
} from "./params/split-request-params.js";
export type { StandardSchemaV1 } from "./params/standard-schema.js";
export { apiKeyVerifier } from "./resource/api-key.js";
export { type CorsOptions, type CorsRequest, corsHeaders } from "./resource/cors-headers.js";
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
} from "./resource/define-resource.js";
export { handleResource, type ResourceRequest } from "./resource/handle-resource.js";
export {
  frameworkBodyError,
  notFoundProblem,
  problemResponse,
  type ResourceResponse,
} from "./resource/problem-response.js";
export { DEFAULT_MAX_BODY_BYTES } from "./resource/settings.js";
