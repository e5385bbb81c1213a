import type { HandlerContext as Context } from "../../builders/contract.js";
import type { CursorListMethod } from "../../resource/cursor-method.js";
import { defineResource, type Resource } from "../../resource/define-resource.js";
import type { MethodDefinition } from "../../resource/method-definition.js";
import { handlerFunction } from "../../resource/methods.js";
import { serveCursorList } from "../../resource/serve-cursor-list.js";

/** What `@Pagewise` serves: one list (or cursor list), as its GET, or a whole resource. */
export type Served = MethodDefinition<never> | Resource<never>;

/** The context a handler gets, whatever its parameters and request. */
export type HandlerContext = Context<unknown, unknown>;

/** A request's call of its controller method (through Nest: its pipes, then the method). */
type ControllerCall = (context: HandlerContext) => Promise<unknown>;

const calls = new WeakMap<object, ControllerCall>();
const contexts = new WeakMap<object, HandlerContext>();

/**
 * Says how a request's handler calls its controller method: the interceptor's `next.handle()`.
 *
 * @param request - the request Nest hands the route (the handler's `native`)
 * @param call - runs the controller method once, its value out
 * @example
 * ```ts
 * setControllerCall(request, () => lastValue(next.handle()));
 * ```
 */
export function setControllerCall(request: object, call: () => Promise<unknown>): void {
  calls.set(request, (context) => {
    contexts.set(request, context);
    return call();
  });
}

/**
 * The handler's context of a request, once its handler runs (for `@PagewiseContext()`).
 *
 * @param request - the request Nest hands the route
 * @example
 * ```ts
 * handlerContextOf(context.switchToHttp().getRequest())?.params;
 * ```
 */
export function handlerContextOf(request: object): HandlerContext | undefined {
  return contexts.get(request);
}

/**
 * A list's handler that the controller method supplies: under `@Pagewise`, what the method
 * returns serves the request (the rows, a result, an integration such as `kyselyPages(…)`, or a
 * function of the context). A list with it needs its controller method to return one: nothing
 * returned is a TypeError (a 500), as is any use outside `@Pagewise`.
 *
 * @throws {TypeError} always: it runs only when the controller method gave nothing
 * @example
 * ```ts
 * const packages = list({ sort, handler: fromController });
 * // in the controller: @Get() @Pagewise(packages) list() { return kyselyPages(db, select); }
 * ```
 */
export function fromController(): never {
  throw new TypeError(
    "A list whose handler is fromController is served by @Pagewise from a controller method that returns its rows, result or integration; it returned nothing.",
  );
}

/**
 * The resource `@Pagewise` serves: the list as the GET of a resource of its own, or the resource
 * as it is, each method's handler calling the controller method first. What that returns, when
 * not `undefined`, serves the request: a function of the handler's context or an integration
 * (`{ name, needs, handle }`) is called with it, any other value is the handler's result. When it
 * returns `undefined`, the definition's own handler serves.
 *
 * @param served - a `list()`, `cursorList()` or `json()` method (served as GET), or a resource
 * @throws {TypeError} for anything else
 * @example
 * ```ts
 * new PagewiseInterceptor(servedResource(list({ handler: fromController })));
 * ```
 */
export function servedResource(served: Served): Resource<never> {
  const resource = "kind" in served ? defineResource({ GET: served }) : served;
  const methods = Object.fromEntries(
    Object.entries(resource.methods).map(([name, definition]) => [
      name,
      definition === undefined ? undefined : withController(definition),
    ]),
  );
  return { ...resource, methods } as Resource<never>;
}

/**
 * A method whose handler calls the controller method first. A cursor list serves itself (its
 * `serve`, which names the list it was made for): the copy's serves the copy.
 */
function withController(definition: MethodDefinition<never>): MethodDefinition<never> {
  const copy = { ...definition, handler: viaController(definition) } as MethodDefinition<never>;
  if (copy.kind !== "cursor") return copy;
  const cursor: CursorListMethod<never> = {
    ...copy,
    serve: (resource, request, method, raw) =>
      serveCursorList(resource, cursor, request, method, raw as Record<string, unknown>),
  };
  return cursor;
}

function viaController(definition: MethodDefinition<never>) {
  const own = definition.handler as (context: HandlerContext) => unknown;
  const sorted = definition.kind === "cursor" || (definition.kind === "list" && !!definition.sort);
  return (context: HandlerContext) => {
    const call = calls.get(context.request as object);
    if (call === undefined) return own(context);
    return call(context).then((value) =>
      value === undefined ? own(context) : answer(value, context, sorted),
    );
  };
}

/** What the controller method returned, as the handler's result. */
function answer(value: unknown, context: HandlerContext, sorted: boolean): unknown {
  if (typeof value === "function") return value(context);
  if (isIntegration(value)) return handlerFunction(value, sorted)(context);
  return value;
}

function isIntegration(
  value: unknown,
): value is { name: string; needs: { sort: boolean }; handle: (c: unknown) => unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { handle?: unknown }).handle === "function" &&
    typeof (value as { needs?: unknown }).needs === "object"
  );
}
