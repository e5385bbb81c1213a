import type { ArgumentsHost } from "@nestjs/common";
import { Catch } from "@nestjs/common";
import { BaseExceptionFilter } from "@nestjs/core";
import { notFoundProblem } from "../../errors.js";
import { DEFAULT_MAX_BODY_BYTES as MAX_BODY } from "../../options.js";
import type { Resource } from "../../resource/define-resource.js";
import { frameworkError } from "../../resource/framework-error.js";
import { serveResource } from "../../resource/handle-resource.js";
import { problemResponse } from "../../resource/problem-response.js";
import { hasEmptyParam } from "../node/empty-param.js";
import {
  type NestRequest,
  type NestResponse,
  nodeResponse,
  resourceRequest,
  writeNestResponse,
} from "./nest-http.js";
import { isRouted, type RoutedRequest, routeResource } from "./route-resource.js";

/**
 * A global exception filter (what `PagewiseModule` registers) for what pagewise's pipeline does
 * not see. A path no route matches (Nest's 404) is pagewise's 404 problem, as `fetchRouter`
 * answers it. On a `@Pagewise` route, an error with a 4xx status of its own (a guard's 403) is
 * answered as `application/problem+json` at that status, naming nothing of the error (see
 * `frameworkError` in `pagewise/adapter`), and one Fastify met before the route (a
 * Content-Type it cannot parse) through the route's resource, as the Fastify adapter does
 * (Allow, CORS, the API key first). The app's other routes' errors, and every error without a
 * 4xx status, go to Nest's own handling.
 *
 * @example
 * ```ts
 * app.useGlobalFilters(new PagewiseProblemFilter(app.getHttpAdapter()));
 * ```
 */
export class PagewiseProblemFilter extends BaseExceptionFilter {
  /** Answers the error as a problem, or hands it to Nest's own filter. */
  override catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<NestRequest & RoutedRequest>();
    const response = http.getResponse<NestResponse>();
    if (host.getType() !== "http" || nodeResponse(response).headersSent) {
      super.catch(exception, host);
      return;
    }
    const resource = routeResource(request);
    // An empty path parameter is a path no route matches (Express's router matches none there).
    const unrouted =
      !isRouted(request) || (resource !== undefined && hasEmptyParam(request.params));
    if (unrouted && (exception as { status?: unknown }).status === 404) {
      writeNestResponse(response, problemResponse(notFoundProblem(pathOf(request))));
      return;
    }
    const problem = resource === undefined ? undefined : frameworkError(exception, MAX_BODY);
    if (problem === undefined) {
      super.catch(exception, host);
      return;
    }
    if (!isFastifyError(exception)) {
      writeNestResponse(response, problemResponse(problem));
      return;
    }
    // Met before the route (Fastify's body parsing): answered through the resource, as the
    // request would have been, its body's problem last.
    const served = serveResource(
      resource as Resource<never>,
      {
        ...resourceRequest(request, response),
        readBody: () => {
          throw problem;
        },
      } as never,
    );
    Promise.resolve(served).then(
      (answer) => writeNestResponse(response, answer),
      (bug: unknown) => super.catch(bug, host),
    );
  }
}

/** The request's path, without its query. */
function pathOf(request: NestRequest): string {
  const node = request.raw ?? request;
  return (node.originalUrl ?? node.url ?? "/").split("?")[0] ?? "/";
}

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
