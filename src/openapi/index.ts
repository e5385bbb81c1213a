/**
 * pagewise/openapi: OpenAPI 3.1 descriptions of resources (docs/openapi.md): a whole document, or
 * the paths to merge into one of your own, each operation with its parameters, pagination headers
 * and problem responses; and the document's types.
 * @packageDocumentation
 */
export {
  type OpenApiDocumentOptions,
  type OpenApiPathsOptions,
  type OpenApiRoutes,
  openApiDocument,
  openApiPaths,
} from "./openapi-document.js";
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
} from "./openapi-types.js";
