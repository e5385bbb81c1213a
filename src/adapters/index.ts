/**
 * pagewise/adapter: what an adapter author needs to serve pagewise resources from another
 * framework (Koa, raw `node:http`, a router of your own), as the bundled Express, Fastify and fetch
 * adapters do: the framework-free pipeline, its request and response shapes, and the problem
 * responses for errors met outside a resource.
 * @packageDocumentation
 */
export { notFoundProblem } from "../errors.js";
export { isJsonMediaType } from "../http/media-type.js";
export { compilePathPattern, type PathMatcher } from "../http/path-pattern.js";
export {
  type CorsRequest,
  corsHeaders,
  frameworkError,
  handleResource,
  type MaybePromise,
  problemResponse,
  type ResourceRequest,
  type ResourceResponse,
  serveResource,
} from "../resource/index.js";
