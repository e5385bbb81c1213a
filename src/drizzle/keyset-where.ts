import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { CompareCondition, Condition } from "../sql/condition.js";

/** The fragments of a predicate, each made once: Drizzle checks each fragment's class per page. */
const WORDS = {
  true: sql.raw("1 = 1"),
  false: sql.raw("1 = 0"),
  "is null": sql.raw(" is null"),
  "is not null": sql.raw(" is not null"),
  and: sql.raw(" and "),
  or: sql.raw(" or "),
  comma: sql.raw(", "),
  open: sql.raw("("),
  close: sql.raw(")"),
} as const;
const OPERATORS: Record<CompareCondition["operator"], SQL> = {
  "<": sql.raw(" < "),
  "<=": sql.raw(" <= "),
  ">": sql.raw(" > "),
  ">=": sql.raw(" >= "),
  "=": sql.raw(" = "),
};

/**
 * A keyset plan's predicate in Drizzle's SQL, each of the cursor's values bound as a parameter:
 * a row value `(a, id) > ($1, $2)`, a comparison, `IS [NOT] NULL`, `AND`/`OR`.
 *
 * @param condition - a plan's `where` or one of its union's branches
 * @param column - the column at a place of the order
 * @param value - the cursor's value at a place, as the driver binds it
 * @example
 * ```ts
 * keysetWhere(plan.where, (place) => source.column(terms[place].column), (place) => values[place]);
 * ```
 */
export function keysetWhere(
  condition: Condition,
  column: (place: number) => SQLWrapper,
  value: (place: number) => unknown,
): SQL {
  const chunks: SQLChunk[] = [];
  writeCondition(chunks, condition, column, value);
  // One SQL of every chunk: a template per node cost Drizzle's checks as much again.
  return sql.fromList(chunks);
}

/** A chunk of Drizzle's SQL, as `sql.fromList` takes it. */
type SQLChunk = Parameters<typeof sql.fromList>[0][number];

/** Appends a condition's chunks to `chunks`. */
function writeCondition(
  chunks: SQLChunk[],
  condition: Condition,
  column: (place: number) => SQLWrapper,
  value: (place: number) => unknown,
): void {
  switch (condition.kind) {
    case "constant":
      chunks.push(condition.value ? WORDS.true : WORDS.false);
      return;
    case "null":
      chunks.push(column(condition.column), WORDS[condition.negated ? "is not null" : "is null"]);
      return;
    case "compare": {
      const { columns, operator } = condition;
      const op = OPERATORS[operator];
      if (columns.length === 1) {
        const [place] = columns as [number];
        chunks.push(column(place), op, sql.param(value(place)));
        return;
      }
      parenthesised(chunks, columns, WORDS.comma, (place) => chunks.push(column(place)));
      chunks.push(op);
      parenthesised(chunks, columns, WORDS.comma, (place) => chunks.push(sql.param(value(place))));
      return;
    }
    default:
      parenthesised(chunks, condition.parts, WORDS[condition.kind], (part) =>
        writeCondition(chunks, part, column, value),
      );
  }
}

/** Appends `(a, b, …)`: each item's chunks (`write`), `separator` between them, parenthesised. */
function parenthesised<T>(
  chunks: SQLChunk[],
  items: readonly T[],
  separator: SQL,
  write: (item: T) => void,
): void {
  chunks.push(WORDS.open);
  items.forEach((item, i) => {
    if (i > 0) chunks.push(separator);
    write(item);
  });
  chunks.push(WORDS.close);
}
