import { assertVersionParamApart } from "../params/api-version.js";
import type { CursorListMethod } from "./cursor-method.js";
import type { ResourceOptions } from "./resource-options.js";
import type { ResourceSettings } from "./settings.js";
import { assertSortParamFree } from "./sort-param-apart.js";

/**
 * What a resource checks of its cursor list when defined: the cursor parameters apart from the
 * page size's and the version's, the sort parameter apart from them all, and no option that only
 * page links read (a cursor link keeps every filter, its token bound to them, and states its page
 * size). `cursorList()` carries it (its `assertApart`), so a resource without a cursor list
 * bundles none of it.
 *
 * @param method - the cursor list
 * @param settings - the resource's settings
 * @param options - the resource's options as given
 * @throws {TypeError} naming the clash
 * @example
 * ```ts
 * assertCursorApart(cursorList({ order, secret, handler, afterParam: "page_size" }), settings, {});
 * // TypeError: A cursor parameter cannot share the page size's name "page_size"
 * ```
 */
export function assertCursorApart(
  method: CursorListMethod<never>,
  settings: ResourceSettings<never>,
  options: ResourceOptions<never>,
): void {
  const { afterParam, beforeParam } = method;
  const { pageSizeParam } = settings.pageParams;
  for (const name of [afterParam, beforeParam]) {
    if (name === pageSizeParam) {
      throw new TypeError(`A cursor parameter cannot share the page size's name "${name}"`);
    }
  }
  const cursors = { [afterParam]: "a cursor parameter", [beforeParam]: "a cursor parameter" };
  if (settings.version !== undefined) assertVersionParamApart(settings.version.param, cursors);
  if (options.template === true || options.linkParams === "page-only") {
    throw new TypeError(
      "template and linkParams shape page links; a cursor list's links keep every filter and the page size (leave them out)",
    );
  }
  assertSortParamFree(method.order.param, cursors, settings);
}
