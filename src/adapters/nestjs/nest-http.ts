import type { BodyInput } from "../../params/json-body.js";
import type { ResourceRequest, ResourceResponse } from "../../resource/contract.js";
import { type NodeBodyStream, nodeHeader, readNodeBody } from "../node/node-body.js";
import { type NodeResponseStream, nodeClientSignal } from "../node/node-signal.js";

/** A `node:http` request, as Express's `req` is one and Fastify's `request.raw` holds one. */
export interface NodeRequest extends NodeBodyStream {
  readonly method?: string;
  readonly url?: string;
  readonly originalUrl?: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawHeaders?: readonly string[];
  readonly readableEnded?: boolean;
}

/** The request Nest hands a route on either platform: Express's `req` or Fastify's `request`. */
export interface NestRequest {
  /** Fastify's: the `node:http` request under it (Express's `req` is that request itself). */
  readonly raw?: NodeRequest;
  readonly method?: string;
  readonly url?: string;
  readonly originalUrl?: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly params?: unknown;
  /** What a body parser read, if one did (Express's `express.json()`, a Fastify content parser). */
  readonly body?: unknown;
}

/** A `node:http` response, as Express's `res` is one and Fastify's `reply.raw` holds one. */
export interface NodeResponse extends NodeResponseStream {
  readonly headersSent: boolean;
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
}

/** The response Nest hands a route: Express's `res`, or Fastify's `reply` (with `raw` and `send`). */
export type NestResponse = NodeResponse | FastifyReplyLike;

/** The part of a Fastify reply pagewise writes with, as the Fastify adapter's `sendResponse` does. */
export interface FastifyReplyLike {
  readonly raw: NodeResponse;
  code(status: number): FastifyReplyLike;
  headers(headers: Record<string, string>): FastifyReplyLike;
  send(body?: Uint8Array): unknown;
  hijack(): unknown;
}

/**
 * The `node:http` response under Nest's: Fastify's `reply.raw`, or Express's `res` itself.
 *
 * @param response - Express's `res` or Fastify's `reply`
 * @example
 * ```ts
 * clientGone(nodeResponse(http.getResponse()));
 * ```
 */
export function nodeResponse(response: NestResponse): NodeResponse {
  return "raw" in response ? response.raw : response;
}

/**
 * The request as the pipeline reads it, from what Nest hands a route on Express or Fastify: its
 * method, its URL as sent (the links are made of it, any global prefix included), its headers,
 * its path parameters as Nest's router read them, and its body: what a body parser already read,
 * else the stream itself, read by pagewise up to the resource's limit.
 *
 * @param request - Express's `req` or Fastify's `request`
 * @param response - Express's `res` or Fastify's `reply`, whose close aborts the handler's signal
 * @example
 * ```ts
 * serveResource(resource, resourceRequest(http.getRequest(), http.getResponse()));
 * ```
 */
export function resourceRequest(
  request: NestRequest,
  response: NestResponse,
): ResourceRequest<NestRequest> {
  const node = request.raw ?? (request as NodeRequest);
  const signal = nodeClientSignal(nodeResponse(response));
  return {
    method: node.method ?? "GET",
    url: node.originalUrl ?? node.url ?? "/",
    header: (name) => nodeHeader(node.headers, node.rawHeaders, name),
    readBody: (maxBytes) => {
      const body = bodyOf(request, node);
      return isStream(body)
        ? readNodeBody(body, node.headers["content-length"] as string | undefined, maxBytes)
        : (body as BodyInput);
    },
    pathParams: (request.params ?? {}) as Record<string, string>,
    native: request,
    get signal() {
      return signal();
    },
  };
}

/**
 * The body as a parser left it, or the stream to read it from: on Express, `req.body` once a body
 * parser read the request, else the request itself; on Fastify, `request.body`, a parsed value or
 * the stream a content parser handed on (`undefined` for no body).
 */
function bodyOf(request: NestRequest, node: NodeRequest): unknown {
  if (request.raw !== undefined) return request.body;
  return node.readableEnded === true ? request.body : node;
}

function isStream(body: unknown): body is NodeBodyStream {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { on?: unknown }).on === "function" &&
    typeof (body as { resume?: unknown }).resume === "function"
  );
}

/**
 * Writes pagewise's plain response as every adapter does: at once on Express's `res`
 * (`writeHead`, `end`), as bytes through Fastify's `reply` (its hooks run; a string would get
 * `; charset=utf-8` added to its JSON type).
 *
 * @param response - Express's `res` or Fastify's `reply`
 * @param answer - `{ status, headers, body }` from the pipeline
 * @example
 * ```ts
 * writeNestResponse(http.getResponse(), problemResponse(notFoundProblem("/nowhere/")));
 * ```
 */
export function writeNestResponse(response: NestResponse, answer: ResourceResponse): void {
  const { status, headers, body } = answer;
  if ("raw" in response) {
    response
      .code(status)
      .headers(headers)
      .send(body === null ? undefined : Buffer.from(body));
    return;
  }
  response.writeHead(status, headers);
  response.end(body ?? undefined);
}
