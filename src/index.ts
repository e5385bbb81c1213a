/**
 * pagewise: the conventions of the Package Repository HTTP API ("the spec" in these docs: its
 * request parameters, section 4.1, and its pagination, section 4.3; docs/decisions.md says how
 * pagewise reads what it leaves open) as framework-free functions, and resources that serve them through `pagewise/express`,
 * `pagewise/fastify` and `pagewise/fetch`. Functions for adapter authors are in `pagewise/adapter`,
 * the client in `pagewise/client`.
 * @packageDocumentation
 */

// Errors: one class, RFC 9457 problems.
export {
  PagewiseError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  type ProblemIssue,
  serviceUnavailable,
} from "./errors.js";
// HTTP pieces the conventions build on.
export { formatLinkHeader, type LinkValue } from "./http/link-header.js";
export type { PathParams } from "./http/path-pattern.js";
// OpenAPI 3.1 descriptions of resources (docs/openapi.md).
export {
  type OpenApiDocumentOptions,
  type OpenApiPathsOptions,
  type OpenApiRoutes,
  openApiDocument,
  openApiPaths,
} from "./openapi/openapi-document.js";
export type {
  OpenApiDocument,
  OpenApiHeader,
  OpenApiLicense,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiPaths,
  OpenApiRequestBody,
  OpenApiResponse,
} from "./openapi/openapi-types.js";
// Defaults, each stated once.
export { defaults } from "./options.js";
export {
  type CountValue,
  capCount,
  type InexactCount,
} from "./page/count-value.js";
export {
  type CountlessPage,
  type CountlessPageRequest,
  paginateCountless,
} from "./page/countless-page.js";
// Pagination (spec section 4.3): page parameters, page math, links and headers.
export {
  exposedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "./page/header-names.js";
export { type PageLink, type PageLinksOptions, pageLinks } from "./page/page-links.js";
export {
  type PageParams,
  type PageParamsOptions,
  parsePageParams,
} from "./page/page-params.js";
export {
  type LinkTargets,
  type Page,
  type PageRel,
  type PageRequest,
  type PageSlice,
  type PaginateOptions,
  paginate,
} from "./page/paginate.js";
export {
  type PaginationHeadersOptions,
  paginationHeaders,
} from "./page/pagination-headers.js";
// A client-chosen order: the sort option, and the checked order a handler receives.
export type { SortField, SortOption, SortTieBreaker } from "./sort/sort-option.js";
export type { SortOrder, SortTerm } from "./sort/sort-order.js";
// Request parameters (spec section 4.1): the query for GET, a JSON body for DELETE/PATCH/POST/PUT.
export type { VersionOptions } from "./params/api-version.js";
export type { BodyInput } from "./params/json-body.js";
export type { QueryInput } from "./params/query-input.js";
export {
  type ReadRequestParamsOptions,
  type RequestParams,
  type RequestParamsInput,
  readRequestParams,
} from "./params/read-request-params.js";
export type { StandardSchemaV1 } from "./params/standard-schema.js";
// Resources: one URL's methods, served by the adapters.
export {
  type ApiKeyVerifier,
  apiKeyVerifier,
  type CorsOptions,
  type CursorContext,
  type CursorCount,
  type CursorItems,
  type CursorListDefinition,
  type CursorListMethod,
  type CursorQuery,
  type CursorResult,
  cursorList,
  type DeadlineOption,
  defineResource,
  type HandlerContext,
  type JsonMethod,
  type JsonSchema,
  json,
  type ListContext,
  type ListCount,
  type ListItems,
  type ListMethod,
  type ListResult,
  list,
  type MethodDefinition,
  type OperationDoc,
  type Resource,
  type ResourceMethod,
  type ResourceMethods,
  type ResourceOptions,
} from "./resource/index.js";
