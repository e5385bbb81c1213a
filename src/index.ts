/**
 * pagewise: the conventions of the Package Repository HTTP API ("the spec" in these docs: its
 * request parameters, section 4.1, and its pagination, section 4.3; docs/decisions.md says how
 * pagewise reads what it leaves open) as resources, served through `pagewise/express`,
 * `pagewise/fastify`, `pagewise/fetch` and `pagewise/hono`: what a server author writes every day
 * (`defineResource`, `list`, `cursorList`, `json`, errors, defaults). Page mode's pure functions
 * are in `pagewise/page`, OpenAPI documents in `pagewise/openapi`, cursor building blocks in
 * `pagewise/cursor`, functions for adapter authors in `pagewise/adapter`, the client in
 * `pagewise/client`.
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
export type { PathParams } from "./http/path-pattern.js";
// Defaults, each stated once.
export { defaults } from "./options.js";
// Page mode's vocabulary in a handler: the slice it fetches, a count it may cap, header names.
// The pure functions (page math, links, headers) are in pagewise/page.
export {
  type CountValue,
  capCount,
  type InexactCount,
} from "./page/count-value.js";
export {
  exposedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "./page/header-names.js";
export type { PageSlice } from "./page/paginate.js";
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
// A client-chosen order: the sort option, and the checked order a handler receives.
export type { SortField, SortOption, SortTieBreaker } from "./sort/sort-option.js";
export type { SortOrder, SortTerm } from "./sort/sort-order.js";
