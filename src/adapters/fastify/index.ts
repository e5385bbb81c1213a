/**
 * pagewise for Fastify 4 and 5: a plugin (shared with the registering scope) that adds
 * `fastify.pagewise(url, resource, options?)` to register a resource's route, served by the
 * Package Repository HTTP API convention; an error handler for Fastify's own client errors; and the
 * sender of pagewise's plain responses.
 * @packageDocumentation
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from "fastify";
import { pathParameterNames } from "../../http/path-pattern.js";
import { resourcePathItem } from "../../openapi/resource-path-item.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../options.js";
import type { BodyInput } from "../../params/json-body.js";
import type { ResourceResponse } from "../../resource/contract.js";
import { defineResource, type Resource } from "../../resource/define-resource.js";
import { frameworkError } from "../../resource/framework-error.js";
import { serveResource } from "../../resource/handle-resource.js";
import { andThen } from "../../resource/maybe-async.js";
import { problemResponse } from "../../resource/problem-response.js";
import type { ResourceOptions } from "../../resource/resource-options.js";
import { hasEmptyParam } from "../node/empty-param.js";
import { type NodeBodyStream, nodeHeader, readNodeBody } from "../node/node-body.js";
import { clientGone, nodeClientSignal } from "../node/node-signal.js";
import { fastifyRouteSchema } from "./route-schema.js";
import { sharedPlugin } from "./shared-plugin.js";

/** Plugin options: defaults for every resource registered through `fastify.pagewise`. */
export type FastifyPagewiseOptions = ResourceOptions<FastifyRequest>;

/** Registers a resource's route: every method, OPTIONS and 405 included. */
export type RegisterResource = (
  url: string,
  resource: Resource<FastifyRequest>,
  options?: ResourceOptions<FastifyRequest>,
) => void;

declare module "fastify" {
  interface FastifyInstance {
    /** Registers a pagewise resource at `url`; `options` override the plugin's and the resource's. */
    pagewise: RegisterResource;
  }
}

/** Every method Fastify 4 routes (Fastify 5 lists its own in `supportedMethods`): all get 405 or an answer. */
const FASTIFY_4_METHODS = [
  "DELETE",
  "GET",
  "HEAD",
  "PATCH",
  "POST",
  "PUT",
  "OPTIONS",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "TRACE",
  "SEARCH",
  "REPORT",
  "MKCALENDAR",
];

const plugin: FastifyPluginAsync<FastifyPagewiseOptions> = async (fastify, registered) => {
  // Fastify's own register options are Fastify's, not pagewise's: not checked as resource options.
  const {
    prefix: _prefix,
    logLevel: _logLevel,
    logSerializers: _serializers,
    ...pluginOptions
  } = registered as FastifyPagewiseOptions &
    Record<"prefix" | "logLevel" | "logSerializers", unknown>;
  fastify.decorate("pagewise", function (this: FastifyInstance, url, resource, options = {}) {
    // The merged options checked at registration, as defineResource checks its own (a TypeError).
    const own = { ...pluginOptions, ...resource.options, ...options };
    const { pattern, methods } = resource;
    const merged =
      pattern === undefined ? defineResource(methods, own) : defineResource(pattern, methods, own);
    // A child scope: its body parser (raw streams, read by pagewise with its own limit) touches
    // no other route.
    this.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      scope.setErrorHandler(errorHandler(merged));
      const methods =
        (scope as { supportedMethods?: string[] }).supportedMethods ?? FASTIFY_4_METHODS;
      const serve = handler(merged);
      // Each described method a route of its own with its schema, for @fastify/swagger; the rest
      // (405, HEAD) one hidden route. The schemas describe: nothing is compiled from them.
      const item = resourcePathItem(
        merged as Resource<never>,
        url,
        pathParameterNames(url),
        "header",
      );
      const described = methods.filter((m) => item[m.toLowerCase() as "get"] !== undefined);
      for (const method of described) {
        const operation = item[method.toLowerCase() as "get"];
        const schema = operation === undefined ? {} : fastifyRouteSchema(operation);
        scope.route({ method, url, exposeHeadRoute: false, handler: serve, schema, ...UNCOMPILED });
      }
      const rest = methods.filter((m) => !described.includes(m));
      const hidden = { hide: true } as FastifySchema; // @fastify/swagger's flag
      scope.route({ method: rest, url, exposeHeadRoute: false, handler: serve, schema: hidden });
    });
  } satisfies RegisterResource);
};

/**
 * A route's schema as a description only: Fastify compiles no validator or serializer from it, so
 * requests are read and answered by pagewise exactly as without it.
 */
const UNCOMPILED = {
  validatorCompiler: () => () => true,
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

type BodyReader = (maxBytes: number) => BodyInput | Promise<BodyInput>;

/** Serves one request: the resource's answer, written back as bytes (at once when it is ready). */
function respond(
  resource: Resource<FastifyRequest>,
  request: FastifyRequest,
  reply: FastifyReply,
  readBody: BodyReader,
) {
  const signal = nodeClientSignal(reply.raw);
  const response = serveResource(resource, {
    method: request.method,
    url: request.url,
    header: (name) => nodeHeader(request.headers, request.raw.rawHeaders, name),
    readBody,
    pathParams: (request.params ?? {}) as Record<string, string>,
    native: request,
    get signal() {
      return signal();
    },
  });
  // A client gone has no answer to read: the reply is hijacked, so Fastify writes nothing.
  return andThen(response, (value) =>
    clientGone(reply.raw) ? reply.hijack() : sendResponse(reply, value),
  );
}

/**
 * Sends pagewise's plain response (status, headers, body) with a Fastify reply, as every pagewise
 * answer is sent (as bytes: Fastify would add `; charset=utf-8` to a string's JSON type): for your
 * own routes' problems.
 *
 * @param reply - the Fastify reply
 * @param response - `{ status, headers, body }`, e.g. from `problemResponse` (`pagewise/adapter`)
 * @example
 * ```ts
 * app.setNotFoundHandler((request, reply) =>
 *   sendResponse(reply, problemResponse(notFoundProblem(request.url.split("?")[0] ?? ""))),
 * );
 * ```
 */
export function sendResponse(reply: FastifyReply, response: ResourceResponse): FastifyReply {
  const body = response.body === null ? undefined : Buffer.from(response.body);
  return reply.code(response.status).headers(response.headers).send(body);
}

function handler(resource: Resource<FastifyRequest>) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (hasEmptyParam(request.params)) return reply.callNotFound();
    return respond(resource, request, reply, (maxBytes) => readFastifyBody(request, maxBytes));
  };
}

function readFastifyBody(request: FastifyRequest, maxBytes: number) {
  return request.body === undefined
    ? undefined
    : readNodeBody(request.body as NodeBodyStream, request.headers["content-length"], maxBytes);
}

/**
 * Fastify's own errors before the handler (a Content-Type it cannot parse, a body too large)
 * answered like pagewise's: the request still goes through the resource, so 405 and 401 come
 * first, then the error's problem, with Allow and CORS. (The handler's own errors with a 4xx status
 * never get here: the pipeline answers them.) Any other error goes on to Fastify's handler.
 */
function errorHandler(resource: Resource<FastifyRequest>) {
  const { maxBodyBytes } = resource.settings;
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const problem = frameworkError(error, maxBodyBytes);
    if (problem === undefined) throw error;
    return respond(resource, request, reply, () => {
      throw problem;
    });
  };
}

/**
 * A Fastify error handler that answers every error with a 4xx status of its own as
 * `application/problem+json`, at that status and naming nothing of the error (no message, no
 * stack; see `frameworkError` in `pagewise/adapter`), and hands any other error on with
 * `reply.send(error)` (to the next error handler, for your 500).
 *
 * Pass it as Fastify's `frameworkErrors` option: the router's errors reach no plugin and no error
 * handler, only that option (a path parameter over `maxParamLength`, 414 `uri_too_long` on
 * Fastify 5; a malformed escape, 400 `bad_request`). It also serves as `setErrorHandler` for
 * the app's other routes (the plugin's routes answer their own errors).
 *
 * @param maxBodyBytes - the body limit of the app's other routes (Fastify's `bodyLimit`), named in a
 *   413's detail; default 1 MiB
 * @example
 * ```ts
 * import Fastify from "fastify";
 * import { fastifyErrorHandler, fastifyPagewise } from "pagewise/fastify";
 * const app = Fastify({ frameworkErrors: fastifyErrorHandler() });
 * ```
 */
export function fastifyErrorHandler(
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
): (error: Error, request: unknown, reply: FastifyReply) => FastifyReply {
  return (error, _request, reply) => {
    const problem = frameworkError(error, maxBodyBytes);
    if (problem === undefined) return reply.send(error);
    return sendResponse(reply, problemResponse(problem));
  };
}

/**
 * The pagewise Fastify plugin. Register it once (its options are defaults for every resource), then
 * add resources with `fastify.pagewise(url, resource, options?)`.
 *
 * @example
 * ```ts
 * import { fastifyPagewise } from "pagewise/fastify";
 * await app.register(fastifyPagewise, { cors: true });
 * app.pagewise("/package/:owner/:repo/packages/", packages);
 * ```
 */
export const fastifyPagewise = sharedPlugin(plugin, { fastify: "4.x || 5.x", name: "pagewise" });
export default fastifyPagewise;
