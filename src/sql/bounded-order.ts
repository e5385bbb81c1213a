import type { Condition } from "./condition.js";
import type { OrderTerm } from "./order-by.js";

/** The columns a predicate holds NULL, and those it holds to values, on every row it selects. */
interface Fixed {
  readonly isNull: ReadonlySet<number>;
  readonly valued: ReadonlySet<number>;
}

/**
 * An ORDER BY less what a predicate fixes for every row it selects: a column it holds NULL
 * (`a IS NULL`) goes, and a column it holds to values (`a >= ?`, `a = ?`, `a IS NOT NULL`) loses
 * its `a IS NULL` flag and its `NULLS FIRST`/`LAST` (no NULL to place: an index in the column's
 * own order serves it, where PostgreSQL's planner would sort, and SQLite's, given Prisma's `CASE`
 * for NULLs, would too). What it fixes is read from its leaves: an AND fixes what any of its parts
 * does, an OR what each of its parts does (`a > ? OR (a = ? AND id > ?)` holds `a` to values),
 * a part that selects nothing (`FALSE`) aside. MariaDB takes neither as a constant: it filesorts
 * every row the predicate selects instead of reading the index in order (measured in
 * `test/builders/kysely/plans.test.ts`, MariaDB). A term that is the same on every row selected orders nothing,
 * so the rows' order stays as it was.
 *
 * @param order - an ORDER BY, from `orderTerms`
 * @param where - a predicate of the plan: its single one, or a branch of its union
 * @example
 * ```ts
 * boundedOrder(orderTerms(columns, DIALECTS.mysql), { kind: "null", column: 0, negated: false });
 * // the order without its first term: `id DESC` for `-score` within the NULLs
 * ```
 */
export function boundedOrder(order: readonly OrderTerm[], where: Condition): readonly OrderTerm[] {
  const { isNull, valued } = fixedBy(where) ?? NOTHING;
  return order
    .filter((term) => !isNull.has(term.place))
    .map((term) =>
      valued.has(term.place) ? { ...term, nullFlag: undefined, nulls: undefined } : term,
    );
}

const NOTHING: Fixed = { isNull: new Set(), valued: new Set() };

/** What `where` fixes on every row it selects; `undefined` where it selects none (`FALSE`). */
function fixedBy(where: Condition): Fixed | undefined {
  switch (where.kind) {
    case "null":
      return where.negated
        ? { isNull: new Set(), valued: new Set([where.column]) }
        : { isNull: new Set([where.column]), valued: new Set() };
    case "compare": {
      const [only] = where.columns;
      return where.columns.length === 1 && only !== undefined
        ? { isNull: new Set(), valued: new Set([only]) }
        : NOTHING;
    }
    case "constant":
      return where.value ? NOTHING : undefined;
    case "and": {
      const parts = where.parts.map(fixedBy);
      if (parts.includes(undefined)) return undefined;
      const union = (pick: (fixed: Fixed) => ReadonlySet<number>) =>
        new Set((parts as Fixed[]).flatMap((fixed) => [...pick(fixed)]));
      return { isNull: union((f) => f.isNull), valued: union((f) => f.valued) };
    }
    case "or": {
      const parts = where.parts.map(fixedBy).filter((fixed) => fixed !== undefined);
      const [first, ...rest] = parts;
      if (first === undefined) return undefined;
      const common = (pick: (fixed: Fixed) => ReadonlySet<number>) =>
        new Set([...pick(first)].filter((place) => rest.every((fixed) => pick(fixed).has(place))));
      return { isNull: common((f) => f.isNull), valued: common((f) => f.valued) };
    }
  }
}
