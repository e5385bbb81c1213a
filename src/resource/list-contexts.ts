import type { PathParams } from "../http/path-pattern.js";
import type { SortOrder } from "../sort/sort-order.js";
import type { CursorContext } from "./cursor-method.js";
import type { ListContext } from "./methods.js";

/**
 * A page list's context as a query function of `kyselyPages` or `drizzlePages` receives it: what
 * an unannotated one is typed (`params` `unknown`, `path` a record of strings), or, given the
 * list's parameters and path, an annotation for it. TypeScript types a function's parameter from
 * the call it is passed to, and that call (`kyselyPages(db, (context) => …)`) is checked inside
 * `list({ … })` before `list` has inferred its schema's type: the schema's parameters cannot reach
 * an unannotated parameter. A query function may also be annotated with only what it reads
 * (`({ path }: { path: { owner: string } })`) or with the list's whole `ListContext<…>`.
 *
 * @typeParam P - the list's parameters (its schema's output)
 * @typeParam Path - the route's path parameters
 * @typeParam N - the framework's request
 * @default P `unknown`, Path a record of strings, N `unknown`
 * @example
 * ```ts
 * const schema = z.object({ status: z.enum(["active", "archived"]).optional() });
 * const query = ({ params, path }: PageListContext<z.output<typeof schema>, { owner: string }>) => …;
 * ```
 */
export type PageListContext<P = unknown, Path = PathParams, N = unknown> = ListContext<
  P,
  N,
  Path,
  SortOrder | undefined
>;

/**
 * A cursor list's context as a query function of `kyselyCursorPages` or `drizzleCursorPages`
 * receives it: unannotated, or as an annotation ({@link PageListContext} says why `params` is
 * `unknown` unless annotated).
 *
 * @typeParam P - the list's parameters (its schema's output)
 * @typeParam Path - the route's path parameters
 * @typeParam N - the framework's request
 * @default P `unknown`, Path a record of strings, N `unknown`
 * @example
 * ```ts
 * const query = ({ path, cursor }: CursorListContext<unknown, { owner: string }>) => …;
 * ```
 */
export type CursorListContext<P = unknown, Path = PathParams, N = unknown> = CursorContext<
  P,
  N,
  Path,
  SortOrder
>;
