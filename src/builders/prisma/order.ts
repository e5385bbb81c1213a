import type { OrderTerm } from "../../sql/order-by.js";

/** Where a NULL flag puts NULLs: `col IS NULL DESC` first, `ASC` last. */
const FLAGGED = { desc: "first", asc: "last" } as const;

/**
 * A Prisma `orderBy` from the order's terms: `{ field: "asc" }`, or `{ field: { sort, nulls } }`
 * where the order puts NULLs elsewhere than the database does, by a NULLS clause or a NULL flag
 * (Prisma writes `NULLS FIRST`/`LAST` where the database has it, `col IS NULL` first where not).
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
  return terms.map(({ place, descending, nulls, nullFlag }) => {
    const sort = descending ? "desc" : "asc";
    // A dialect without a NULLS clause flags NULLs (`col IS NULL DESC`: first): Prisma writes it so.
    const placed = nulls ?? (nullFlag === undefined ? undefined : FLAGGED[nullFlag]);
    return { [fields[place] as string]: placed === undefined ? sort : { sort, nulls: placed } };
  });
}
