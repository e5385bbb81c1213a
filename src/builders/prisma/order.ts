import type { OrderTerm } from "../../sql/order-by.js";

/**
 * A Prisma `orderBy` from the order's terms: `{ field: "asc" }`, or `{ field: { sort, nulls } }`
 * where the order puts NULLs elsewhere than the database does (Prisma writes `NULLS FIRST`/`LAST`
 * where the database has it, its own emulation where not).
 *
 * @param terms - the order's terms (`orderTerms`)
 * @param fields - each place's field
 * @example
 * ```ts
 * prismaOrderBy([{ place: 0, descending: true, nulls: undefined, nullFlag: undefined }], ["createdAt"]);
 * // [{ createdAt: "desc" }]
 * ```
 */
export function prismaOrderBy(
  terms: readonly OrderTerm[],
  fields: readonly string[],
): Record<string, unknown>[] {
  return terms.map(({ place, descending, nulls }) => {
    const sort = descending ? "desc" : "asc";
    return { [fields[place] as string]: nulls === undefined ? sort : { sort, nulls } };
  });
}
