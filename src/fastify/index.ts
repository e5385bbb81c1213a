/**
 * pagewise for Fastify 4 and 5: a plugin (wrapped with fastify-plugin) that adds
 * `fastify.pagewise(url, resource, options?)` to register a resource's route.
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { handleResource } from "../handle-resource.js";
import { type NodeBodyStream, nodeHeader, readNodeBody } from "../read-node-body.js";
import type { Resource, ResourceOptions } from "../resource.js";

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

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

const plugin: FastifyPluginAsync<FastifyPagewiseOptions> = async (fastify, defaults) => {
  fastify.decorate("pagewise", function (this: FastifyInstance, url, resource, options = {}) {
    const merged = { ...resource, options: { ...defaults, ...resource.options, ...options } };
    // A child scope: its body parser (raw streams, read by pagewise with its own limit) touches
    // no other route.
    this.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      scope.route({ method: METHODS, url, exposeHeadRoute: false, handler: handler(merged) });
    });
  } satisfies RegisterResource);
};

function handler(resource: Resource<FastifyRequest>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handleResource(resource, {
      method: request.method,
      url: request.url,
      header: (name) => nodeHeader(request.headers[name]),
      readBody: (maxBytes) =>
        request.body === undefined
          ? undefined
          : readNodeBody(
              request.body as NodeBodyStream,
              request.headers["content-length"],
              maxBytes,
            ),
      pathParams: request.params as Record<string, string>,
      native: request,
    });
    // Bytes, not a string: Fastify would append "; charset=utf-8" to the spec's Content-Type.
    const body = response.body === null ? undefined : Buffer.from(response.body);
    return reply.code(response.status).headers(response.headers).send(body);
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
export const fastifyPagewise = fp(plugin, { fastify: "4.x || 5.x", name: "pagewise" });
export default fastifyPagewise;
