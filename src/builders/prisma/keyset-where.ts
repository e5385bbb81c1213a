import type { Condition } from "../../sql/condition.js";

/** Prisma's filter of each comparison. */
const FILTERS = { "<": "lt", "<=": "lte", ">": "gt", ">=": "gte" } as const;

const TRUE: Condition = { kind: "constant", value: true };
const FALSE: Condition = { kind: "constant", value: false };

/**
 * A condition without constants inside it: an AND holding `FALSE` is `FALSE`, an OR holding `TRUE`
 * is `TRUE`, the others left out. Prisma reads an empty `OR: []` as no row at the top of a
 * `where` but as no condition at all inside an `AND` (`{ AND: [x, { OR: [] }] }` counts x's
 * rows: measured in `keyset-where.test.ts`), so no `FALSE` may reach it as one.
 */
function withoutConstants(condition: Condition): Condition {
  if (condition.kind !== "and" && condition.kind !== "or") return condition;
  const absorbing = condition.kind === "or";
  const parts: Condition[] = [];
  for (const part of condition.parts.map(withoutConstants)) {
    if (part.kind !== "constant") parts.push(part);
    else if (part.value === absorbing) return part;
  }
  if (parts.length === 0) return absorbing ? FALSE : TRUE;
  return parts.length === 1 ? (parts[0] as Condition) : { kind: condition.kind, parts };
}

/**
 * A field's own `where` for a comparison with the cursor's value at a place, where Prisma's
 * `{ field: { gt: value } }` will not do (a timestamp finer than a `Date`, an enum, a Boolean),
 * or `undefined` for the plain one.
 */
export type LeafFilter = (
  place: number,
  operator: CompareOperator,
) => Record<string, unknown> | undefined;

/** A comparison's operator. */
export type CompareOperator = "=" | "<" | "<=" | ">" | ">=";

/** A condition without constants as Prisma's `where`. */
function written(
  condition: Condition,
  fields: readonly string[],
  value: (place: number) => unknown,
  leaf: LeafFilter,
): Record<string, unknown> {
  switch (condition.kind) {
    case "constant":
      // TRUE alone: no filter. FALSE alone: no key is in an empty list.
      return condition.value ? {} : { [fields.at(-1) as string]: { in: [] } };
    case "null":
      return { [fields[condition.column] as string]: condition.negated ? { not: null } : null };
    case "compare": {
      // One column: Prisma writes no row value, and the Prisma dialects plan none.
      const [place] = condition.columns as [number];
      const { operator } = condition;
      const field = fields[place] as string;
      const own = leaf(place, operator);
      if (own !== undefined) return own;
      const bound = value(place);
      return { [field]: operator === "=" ? bound : { [FILTERS[operator]]: bound } };
    }
    default: {
      const parts = condition.parts.map((part) => written(part, fields, value, leaf));
      return condition.kind === "and" ? { AND: parts } : { OR: parts };
    }
  }
}

/**
 * A keyset condition as a Prisma `where`: a comparison as `{ field: { gt: value } }` (`=` as
 * `{ field: value }`), a NULL test as `{ field: null }` or `{ field: { not: null } }`, AND and OR
 * as `AND: [...]`, `OR: [...]`; `TRUE` as no filter and `FALSE` as `{ key: { in: [] } }`, the
 * constants inside taken out first. Prisma binds each value. A field whose comparisons Prisma
 * writes otherwise has its own filter (`leaf`: a timestamp finer than a `Date` widened to its
 * millisecond, an enum's values beyond the cursor's listed).
 *
 * @param condition - the tree, from the keyset plan (no row values: Prisma writes none)
 * @param fields - the field at each place, the unique tie-breaker last
 * @param value - the cursor's value at a place, as Prisma takes it (a `Date`, a `bigint`)
 * @param leaf - a field's own filter of a comparison, by place
 * @default leaf none
 * @example
 * ```ts
 * prismaWhere({ kind: "compare", columns: [0], operator: ">" }, ["name", "id"], () => "a"); // { name: { gt: "a" } }
 * ```
 */
export function prismaWhere(
  condition: Condition,
  fields: readonly string[],
  value: (place: number) => unknown,
  leaf: LeafFilter = () => undefined,
): Record<string, unknown> {
  return written(withoutConstants(condition), fields, value, leaf);
}
