/**
 * Whether a list's links carry a request parameter, by its (decoded) name: one its schema reads
 * (see `schemaParamNames`), its sort parameter or the version parameter; any name when the schema
 * cannot say which it reads (or there is none), since every parameter then reaches the handler
 * and may choose rows. A name the schema never lets through chooses none: a link without it gives
 * the same rows, and a request cannot fill the links with it. A cursor list's tokens are bound to
 * the same parameters, so its links keep working.
 *
 * @param paramNames - the names the list's schema reads, `undefined` for any
 * @param sortParam - the list's sort parameter, if it offers orders
 * @param versionParam - the resource's version parameter, if it serves versions
 * @returns the predicate, or `undefined` for "every name"
 * @example
 * ```ts
 * linkedParams(new Set(["status"]), "sort", undefined)?.("junk"); // false
 * ```
 */
export function linkedParams(
  paramNames: ReadonlySet<string> | undefined,
  sortParam: string | undefined,
  versionParam: string | undefined,
): ((name: string) => boolean) | undefined {
  if (paramNames === undefined) return undefined;
  return (name) => paramNames.has(name) || name === sortParam || name === versionParam;
}
