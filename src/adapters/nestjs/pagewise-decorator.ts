import { Res, UseInterceptors } from "@nestjs/common";
import type { JsonSchema } from "../../resource/operation-doc.js";
import { type Served, servedResource } from "./controller-handler.js";
import { PagewiseInterceptor } from "./pagewise-interceptor.js";
import { responseIndex } from "./response-index.js";
import { markRoute } from "./route-resource.js";
import { describeForSwagger } from "./swagger-description.js";

/** What `@Pagewise` takes beside the list or resource. */
export interface PagewiseOptions {
  /**
   * One row's schema for `@nestjs/swagger` (Nest reflects no generic type, so it is given as a
   * value): a DTO class (with `@ApiProperty()`s, referenced as a schema of the document) or a JSON
   * Schema object. Without it, the list's own `openapi.response`, else any JSON value.
   */
  readonly items?: (abstract new (...args: never[]) => unknown) | JsonSchema;
}

/**
 * Serves a pagewise list or resource from a Nest route: Nest routes the request (the
 * controller's path, its `@Get()` or `@All()`, guards, a global prefix), pagewise answers it
 * exactly as its other adapters do: the page, `Link` and `X-Pagination-*` headers, `Allow`,
 * HEAD, and every error as an `application/problem+json` problem (RFC 9457). The controller
 * method runs when the request reaches the handler (its pipes first): what it returns serves the
 * request (rows, a result, an integration such as `kyselyPages(…)`, or a function of the
 * context), else the definition's own handler does. Nest writes nothing itself: the method gets
 * the response as a parameter after its own, as with `@Res()`.
 *
 * With `@nestjs/swagger` installed, the route's description comes with it: its query parameters
 * (page or cursor, `page_size`, `sort` and their bounds, the schema's filters), the pagination
 * headers, and every problem it answers.
 *
 * @param served - a `list()` or `cursorList()` (the route's GET), or a resource from
 *   `defineResource` (route it with `@All()` for its other methods, OPTIONS and 405)
 * @param options - `items`, one row's schema for `@nestjs/swagger`
 * @example
 * ```ts
 * @Controller("packages")
 * class PackagesController {
 *   @Get() @Pagewise(packages, { items: PackageDto }) list() {}
 * }
 * ```
 */
export function Pagewise(served: Served, options: PagewiseOptions = {}): MethodDecorator {
  const resource = servedResource(served);
  const interceptor = new PagewiseInterceptor(resource);
  return (target, key, descriptor) => {
    UseInterceptors(interceptor)(target, key, descriptor);
    Res()(target, key, responseIndex(target, key, descriptor.value));
    markRoute(resource, target, key, descriptor);
    describeForSwagger(resource, options.items, target, key, descriptor);
  };
}
