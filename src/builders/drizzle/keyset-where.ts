import { type SQL, type SQLWrapper, StringChunk, sql } from "drizzle-orm";
import type { CompareCondition, Condition } from "../../sql/condition.js";

/**
 * The words of a predicate, each made once as the fragment Drizzle's own templates are made of
 * (a `StringChunk`: the first class Drizzle checks a chunk for, at every page).
 */
const WORDS = {
  true: new StringChunk("1 = 1"),
  false: new StringChunk("1 = 0"),
  "is null": new StringChunk(" is null"),
  "is not null": new StringChunk(" is not null"),
  and: new StringChunk(" and "),
  or: new StringChunk(" or "),
  comma: new StringChunk(", "),
  open: new StringChunk("("),
  close: new StringChunk(")"),
} as const;
const OPERATORS: Record<CompareCondition["operator"], StringChunk> = {
  "<": new StringChunk(" < "),
  "<=": new StringChunk(" <= "),
  ">": new StringChunk(" > "),
  ">=": new StringChunk(" >= "),
  "=": new StringChunk(" = "),
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
        chunks.push(column(place), op, bound(value(place)));
        return;
      }
      parenthesised(chunks, columns, WORDS.comma, (place) => chunks.push(column(place)));
      chunks.push(op);
      parenthesised(chunks, columns, WORDS.comma, (place) => chunks.push(bound(value(place))));
      return;
    }
    default:
      parenthesised(chunks, condition.parts, WORDS[condition.kind], (part) =>
        writeCondition(chunks, part, column, value),
      );
  }
}

/** The types of a value Drizzle binds as it is. */
const PRIMITIVES: ReadonlySet<string> = new Set(["string", "number", "bigint", "boolean"]);

/**
 * A value as a chunk Drizzle binds: a primitive as it is, as Drizzle's own templates put a
 * `${value}` (Drizzle sees at once it is no class of its own), anything else as a parameter
 * (`sql.param`: an array would otherwise read as a list, an object as SQL of its own, `undefined`
 * as nothing).
 */
function bound(value: unknown): SQLChunk {
  const primitive = value === null || PRIMITIVES.has(typeof value);
  // A primitive is a chunk Drizzle binds, as its `sql` template passes one; its types name none.
  return primitive ? (value as SQLChunk) : sql.param(value);
}

/** Appends `(a, b, …)`: each item's chunks (`write`), `separator` between them, parenthesised. */
function parenthesised<T>(
  chunks: SQLChunk[],
  items: readonly T[],
  separator: StringChunk,
  write: (item: T) => void,
): void {
  chunks.push(WORDS.open);
  items.forEach((item, i) => {
    if (i > 0) chunks.push(separator);
    write(item);
  });
  chunks.push(WORDS.close);
}
