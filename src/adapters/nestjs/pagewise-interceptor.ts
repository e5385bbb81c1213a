import type { CallHandler, ExecutionContext, NestInterceptor } from "@nestjs/common";
import { NotFoundException } from "@nestjs/common";
import { from, type Observable } from "rxjs";
import type { Resource } from "../../resource/define-resource.js";
import { serveResource } from "../../resource/handle-resource.js";
import { hasEmptyParam } from "../node/empty-param.js";
import { clientGone } from "../node/node-signal.js";
import { setControllerCall } from "./controller-handler.js";
import {
  type NestRequest,
  type NestResponse,
  nodeResponse,
  resourceRequest,
  writeNestResponse,
} from "./nest-http.js";

/**
 * The interceptor `@Pagewise` puts on its route: after Nest's guards, it hands the request to the
 * resource pipeline and writes its answer (status, headers, body) as every adapter does. The
 * controller method runs, through Nest (its pipes, then the method), when the pipeline calls the
 * handler: never for a request refused before (405, 400, 401).
 */
export class PagewiseInterceptor implements NestInterceptor {
  readonly #resource: Resource<never>;

  /** @param resource - the resource served, its handlers calling the controller method */
  constructor(resource: Resource<never>) {
    this.#resource = resource;
  }

  /** Serves the request; the Observable completes once the answer is written. */
  intercept(context: ExecutionContext, next: CallHandler): Observable<void> {
    const http = context.switchToHttp();
    const request = http.getRequest<NestRequest>();
    const response = http.getResponse<NestResponse>();
    if (hasEmptyParam(request.params)) throw notFound(request);
    setControllerCall(request, () => lastValue(next.handle()));
    const served = Promise.resolve(
      serveResource(this.#resource, resourceRequest(request, response) as never),
    );
    const gone = () => clientGone(nodeResponse(response));
    return from(
      served.then(
        (answer) => {
          // A client gone has no answer to read: nothing is written to its closed connection.
          if (gone()) return hijack(response);
          writeNestResponse(response, answer);
        },
        (error: unknown) => {
          if (gone()) return hijack(response);
          throw error;
        },
      ),
    );
  }
}

/** Fastify's reply left unsent on purpose (Express's `res` needs nothing). */
function hijack(response: NestResponse): void {
  if ("hijack" in response) response.hijack();
}

/** Nest's own answer to a path no route matches (its router's, word for word). */
function notFound(request: NestRequest): NotFoundException {
  const node = request.raw ?? request;
  return new NotFoundException(`Cannot ${node.method} ${node.originalUrl ?? node.url}`);
}

/** The last value an Observable gives (the controller method's), once it completes. */
function lastValue(observable: Observable<unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let last: unknown;
    observable.subscribe({
      next: (value) => {
        last = value;
      },
      error: reject,
      complete: () => resolve(last),
    });
  });
}
