import type { ArgumentsHost } from "@nestjs/common";
import { Catch } from "@nestjs/common";
import { BaseExceptionFilter } from "@nestjs/core";
import { DEFAULT_MAX_BODY_BYTES } from "../../options.js";
import { frameworkError } from "../../resource/framework-error.js";
import { serveResource } from "../../resource/handle-resource.js";
import { problemResponse } from "../../resource/problem-response.js";
import { routeResource } from "./fastify-route-config.js";
import {
  type NestRequest,
  type NestResponse,
  nodeResponse,
  resourceRequest,
  writeNestResponse,
} from "./nest-http.js";

/**
 * A global exception filter (what `PagewiseModule` registers) that answers every error with a 4xx
 * status of its own as `application/problem+json`, like pagewise's own, at that status and naming
 * nothing of the error (no message, no stack): Nest's `HttpException`s (a guard's 403, a path no
 * route matches, 404, a pipe's 400), a body parser's errors (malformed JSON, too large), and any
 * `PagewiseError` (see `frameworkError` in `pagewise/adapter`). Any other error (no status, a
 * 5xx: a server fault) goes to Nest's own handling, for its 500.
 *
 * @example
 * ```ts
 * app.useGlobalFilters(new PagewiseProblemFilter(app.getHttpAdapter()));
 * ```
 */
export class PagewiseProblemFilter extends BaseExceptionFilter {
  /** Answers the error as a problem, or hands it to Nest's own filter. */
  override catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.getType() === "http";
    const problem = http ? frameworkError(exception, DEFAULT_MAX_BODY_BYTES) : undefined;
    const response = host.switchToHttp().getResponse<NestResponse>();
    if (problem === undefined || nodeResponse(response).headersSent) {
      super.catch(exception, host);
      return;
    }
    const request = host.switchToHttp().getRequest<NestRequest & RouteOptions>();
    const resource = isFastifyError(exception) ? routeResource(request) : undefined;
    if (resource === undefined) {
      writeNestResponse(response, problemResponse(problem));
      return;
    }
    // Met before the route (Fastify's body parsing): answered through the resource, as the
    // request would have been, its body's problem last.
    const served = serveResource(resource, {
      ...resourceRequest(request, response),
      readBody: () => {
        throw problem;
      },
    } as never);
    Promise.resolve(served).then(
      (answer) => writeNestResponse(response, answer),
      (bug: unknown) => super.catch(bug, host),
    );
  }
}

type RouteOptions = Parameters<typeof routeResource>[0];

/**
 * An error of Fastify's own (`FST_ERR_…`), met before Nest's route (parsing the request): as
 * it is, or as the cause of the `HttpException` Nest 12 wraps it in.
 */
function isFastifyError(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  if (typeof code === "string") return code.startsWith("FST_");
  return cause !== undefined && isFastifyError(cause);
}
Catch()(PagewiseProblemFilter);
