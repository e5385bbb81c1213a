import { createParamDecorator, type ExecutionContext } from "@nestjs/common";
import { handlerContextOf } from "./controller-handler.js";

/**
 * A parameter decorator for a `@Pagewise` route's method: the context the list's handler gets
 * (`params` validated by its schema, `path`, `pageParams`, `sort`, `cursor`, `signal`), as
 * pagewise read it from the request. Type it as the list's (`ListContext`, `CursorContext` from
 * `pagewise`).
 *
 * @example
 * ```ts
 * @Get() @Pagewise(packages) list(@PagewiseContext() { params }: ListContext<Filter, unknown>) {
 *   return store.packages(params.status);
 * }
 * ```
 */
export const PagewiseContext = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  handlerContextOf(context.switchToHttp().getRequest()),
);
