import type { ResourceSettings } from "./settings.js";

/**
 * A list's sort parameter apart from pagewise's other parameters of that list: its own (the page,
 * or the cursors), the page size and the version. Which would a request's `page` be?
 *
 * @param param - the sort parameter's name; none for a list without one
 * @param taken - the list's own parameters, each with what it is (`"the page parameter"`)
 * @param settings - the resource's settings (the page size's and the version's names)
 * @throws {TypeError} naming the clash and the fix
 * @example
 * ```ts
 * assertSortParamFree("page", { page: "the page parameter" }, settings);
 * // TypeError: sort.param "page" is also the page parameter: name the sort parameter apart (sort.param) or rename the other
 * ```
 */
export function assertSortParamFree(
  param: string | undefined,
  taken: Readonly<Record<string, string>>,
  settings: ResourceSettings<never>,
): void {
  if (param === undefined) return;
  const names: Record<string, string> = { ...taken };
  names[settings.pageParams.pageSizeParam] = "the page size parameter";
  if (settings.version !== undefined) names[settings.version.param] = "the version parameter";
  if (!Object.hasOwn(names, param)) return;
  throw new TypeError(
    `sort.param ${JSON.stringify(param)} is also ${names[param]}: name the sort parameter apart (sort.param) or rename the other`,
  );
}
