/** The resource pipeline's public pieces, for the entry points and the adapters. */

export type {
  CursorContext,
  CursorCount,
  CursorItems,
  CursorResult,
  HandlerContext,
  ListContext,
  ListCount,
  ListItems,
  ListResult,
} from "../builders/contract.js";
export type { CursorQuery } from "../cursor/cursor-query.js";
export { type ApiKeyVerifier, apiKeyVerifier } from "./api-key.js";
export type { ResourceRequest, ResourceResponse } from "./contract.js";
export { type CorsOptions, type CorsRequest, corsHeaders } from "./cors-headers.js";
export { cursorList } from "./cursor-list.js";
export type { CursorListDefinition, CursorListMethod } from "./cursor-method.js";
export type { DeadlineOption } from "./deadline.js";
export { defineResource, type Resource, type ResourceMethods } from "./define-resource.js";
export { frameworkError } from "./framework-error.js";
export { handleResource, serveResource } from "./handle-resource.js";
export type { MaybePromise } from "./maybe-async.js";
export type { MethodDefinition, ResourceMethod } from "./method-definition.js";
export { type JsonMethod, json, type ListMethod, list } from "./methods.js";
export type { JsonSchema, OperationDoc } from "./operation-doc.js";
export { problemResponse } from "./problem-response.js";
export type { ResourceOptions } from "./resource-options.js";
export type { ResourceSettings } from "./settings.js";
