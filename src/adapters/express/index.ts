/**
 * pagewise for Express 4 and 5: a handler that serves a resource (the Package Repository HTTP API
 * convention's parameters, pagination headers, `Allow`, `X-Api-Key`), an error handler that answers
 * Express's own client errors (a malformed escape, express.json()'s body errors) as problems, and
 * the writer of pagewise's plain responses.
 * @packageDocumentation
 */
import type { ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { DEFAULT_MAX_BODY_BYTES } from "../../options.js";
import type { ResourceResponse } from "../../resource/contract.js";
import type { Resource } from "../../resource/define-resource.js";
import { frameworkError } from "../../resource/framework-error.js";
import { serveResource } from "../../resource/handle-resource.js";
import { isThenable, type MaybePromise } from "../../resource/maybe-async.js";
import { problemResponse } from "../../resource/problem-response.js";
import { nodeHeader, readNodeBody } from "../node/node-body.js";
import { clientGone, nodeClientSignal } from "../node/node-signal.js";

/**
 * An Express handler serving a resource at a path. Mount it with `app.all` (or `router.all`) so it
 * also answers OPTIONS and other methods (204/405 with `Allow`).
 *
 * Bodies: without a body parser, pagewise reads the raw body itself (up to `maxBodyBytes`); when
 * `express.json()` (or `express.text()`/`express.raw()`) already read it, pagewise uses `req.body`.
 * Link URLs come from `req.originalUrl`. Errors that are not pagewise's (a bug in a handler) go to
 * `next(error)`. The handler's `signal` is aborted when the response closes before its answer (the
 * client went away); then nothing is written, and a handler's error is dropped with the answer.
 *
 * @param resource - from `defineResource`
 * @returns an Express request handler
 * @example
 * ```ts
 * import { expressHandler } from "pagewise/express";
 * app.all("/package/:owner/:repo/packages/", expressHandler(packages));
 * ```
 */
export function expressHandler(resource: Resource<Request>): RequestHandler {
  return (req, res, next) => {
    const signal = nodeClientSignal(res);
    let response: MaybePromise<ResourceResponse>;
    try {
      response = serveResource(resource, {
        method: req.method,
        url: req.originalUrl,
        header: (name) => nodeHeader(req.headers, req.rawHeaders, name),
        readBody: (maxBytes) =>
          req.readableEnded ? req.body : readNodeBody(req, req.headers["content-length"], maxBytes),
        pathParams: req.params as Record<string, string>,
        native: req,
        get signal() {
          return signal();
        },
      });
    } catch (bug) {
      return next(bug);
    }
    if (!isThenable(response)) return writeResponse(res, response);
    // A client gone has no answer to read: nothing is written to its closed connection.
    Promise.resolve(response).then(
      (value) => clientGone(res) || writeResponse(res, value),
      (error: unknown) => clientGone(res) || next(error),
    );
  };
}

/**
 * An Express error handler that answers every error with a 4xx status of its own as
 * `application/problem+json`, like pagewise's own, at that status and naming nothing of the error
 * (no message, no stack): Express's routing errors (a malformed escape in a path parameter, 400),
 * the body errors of `express.json()` (malformed JSON, too large, unsupported charset), `http-errors`
 * thrown by your middleware, and any `PagewiseError` (see `frameworkError` in `pagewise/adapter`).
 * Every other error (a 5xx, no status: a server fault) goes on to `next`, for your 500.
 *
 * @param maxBodyBytes - the limit you gave express.json(), named in a 413's detail; default 1 MiB
 * @example
 * ```ts
 * app.use(express.json());
 * app.all("/items/", expressHandler(items));
 * app.use(expressErrorHandler());
 * ```
 */
export function expressErrorHandler(maxBodyBytes = DEFAULT_MAX_BODY_BYTES): ErrorRequestHandler {
  return (error, _req, res, next) => {
    const problem = frameworkError(error, maxBodyBytes);
    if (problem === undefined || res.headersSent) return next(error);
    writeResponse(res, problemResponse(problem));
  };
}

/**
 * Writes pagewise's plain response (status, headers, body) to an Express response, as every
 * pagewise answer is written: for your own routes' problems.
 *
 * @param res - the Express response (any `node:http` response)
 * @param response - `{ status, headers, body }`, e.g. from `problemResponse` (`pagewise/adapter`)
 * @example
 * ```ts
 * app.use((req, res) => writeResponse(res, problemResponse(notFoundProblem(req.path))));
 * ```
 */
export function writeResponse(
  res: ServerResponse,
  { status, headers, body }: ResourceResponse,
): void {
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}
