import type { Condition } from "./condition.js";
import {
  branchGroups,
  type KeysetCursor,
  keysetCondition,
  type OrderColumn,
} from "./keyset-condition.js";

/**
 * A keyset page as ranges queried one after another, nearest the cursor first, for a data layer
 * that writes neither a row value nor a UNION (Prisma's query language): each step one index
 * range, disjoint, together the rows beyond the cursor in the order. The first step holds the
 * last field before the tie-breaker and the tie-breaker both, written out under a bound on that
 * field (`created_at >= x AND (created_at > x OR id > y)`, equal to the cursor on the fields
 * before): one range that reads, besides the page, the rows that tie with
 * the cursor on that field and lie behind it, so that a page nearly always takes one step. Where
 * that field's NULLs are still ahead, or the cursor holds NULL there, or it holds many rows a
 * value (`merge` false: the lead would read a value's rows behind the cursor), the tie-breaker's
 * branch is a step of its own. Each later step is one field's branch (its values, then its NULLs).
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs
 * @param merge - whether the first step may hold the last field and the tie-breaker both
 * @default merge true
 * @returns the steps in the order of the walk
 * @example
 * ```ts
 * keysetSteps(columns, { backward: false, nulls: [false, false, false] }).length; // 2 for status, -created_at, id
 * ```
 */
export function keysetSteps(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor,
  merge = true,
): readonly Condition[] {
  const groups = branchGroups(columns, cursor, false).reverse();
  const n = columns.length;
  const before = groups[1];
  // The tie-breaker's branch alone where the field before it has no single comparison.
  if (!merge || n < 2 || before?.length !== 1 || cursor.nulls[n - 2]) {
    return groups.flat();
  }
  const tail = keysetCondition(
    columns.slice(n - 2),
    {
      backward: cursor.backward,
      nulls: cursor.nulls.slice(n - 2),
    },
    false,
  );
  const equal = cursor.nulls
    .slice(0, n - 2)
    .map(
      (isNull, i): Condition =>
        isNull
          ? { kind: "null", column: i, negated: false }
          : { kind: "compare", columns: [i], operator: "=" },
    );
  const first: Condition = {
    kind: "and",
    parts: [...equal, shifted(withoutBoundEqual(tail), n - 2)],
  };
  return [first, ...groups.slice(2).flat()];
}

/**
 * The tail under its bound on the field (`a >= x AND (a > x OR (a = x AND id > y))`) with the
 * branch's equality left out (`a >= x AND (a > x OR id > y)`): the bound holds the field at `x`
 * where `a > x` does not, so the rows are the same, and the statement smaller.
 */
function withoutBoundEqual(tail: Condition): Condition {
  if (tail.kind !== "and") return tail;
  const bound = tail.parts.find(
    (part) => part.kind === "compare" && (part.operator === ">=" || part.operator === "<="),
  );
  if (bound?.kind !== "compare" || bound.columns.length !== 1) return tail;
  const [place] = bound.columns;
  const isEqual = (part: Condition) =>
    part.kind === "compare" &&
    part.operator === "=" &&
    part.columns.length === 1 &&
    part.columns[0] === place;
  const branch = (part: Condition): Condition => {
    if (part.kind !== "and" || !part.parts.some(isEqual)) return part;
    const rest = part.parts.filter((p) => !isEqual(p));
    return rest.length === 1 ? (rest[0] as Condition) : { kind: "and", parts: rest };
  };
  return {
    kind: "and",
    parts: tail.parts.map((part) =>
      part.kind === "or" ? { kind: "or", parts: part.parts.map(branch) } : part,
    ),
  };
}

/** A condition on a slice of the order, its places moved by `offset` to the whole order's. */
function shifted(condition: Condition, offset: number): Condition {
  switch (condition.kind) {
    case "constant":
      return condition;
    case "null":
      return { ...condition, column: condition.column + offset };
    case "compare":
      return { ...condition, columns: condition.columns.map((place) => place + offset) };
    default:
      return { kind: condition.kind, parts: condition.parts.map((part) => shifted(part, offset)) };
  }
}
