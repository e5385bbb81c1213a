import type { Condition } from "../../sql/condition.js";

/** Prisma's filter of each comparison. */
const FILTERS = { "<": "lt", "<=": "lte", ">": "gt", ">=": "gte" } as const;

/** No row: an empty OR. */
const NONE = { OR: [] };

/**
 * A keyset condition as a Prisma `where`: a comparison as `{ field: { gt: value } }` (`=` as
 * `{ field: value }`), a NULL test as `{ field: null }` or `{ field: { not: null } }`, AND and OR
 * as `AND: [...]`, `OR: [...]`, `TRUE` as `{}` and `FALSE` as an empty OR. Prisma binds each value.
 *
 * @param condition - the tree, from the keyset plan (no row values: Prisma writes none)
 * @param fields - the field at each place
 * @param value - the cursor's value at a place, as Prisma takes it (a `Date`, a `bigint`)
 * @example
 * ```ts
 * prismaWhere({ kind: "compare", columns: [0], operator: ">" }, ["name"], () => "a"); // { name: { gt: "a" } }
 * ```
 */
export function prismaWhere(
  condition: Condition,
  fields: readonly string[],
  value: (place: number) => unknown,
): Record<string, unknown> {
  switch (condition.kind) {
    case "constant":
      return condition.value ? {} : NONE;
    case "null":
      return { [fields[condition.column] as string]: condition.negated ? { not: null } : null };
    case "compare": {
      const [place] = condition.columns as [number];
      const { operator } = condition;
      const bound = value(place);
      return {
        [fields[place] as string]: operator === "=" ? bound : { [FILTERS[operator]]: bound },
      };
    }
    default: {
      const parts = condition.parts.map((part) => prismaWhere(part, fields, value));
      return condition.kind === "and" ? { AND: parts } : { OR: parts };
    }
  }
}
