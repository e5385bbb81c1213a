import type { SelectQueryNode } from "kysely";
import { describeValue } from "../../option-checks.js";
import type { SortTerm } from "../../sort/sort-order.js";
import type { ColumnRefs } from "../column-refs.js";
import { joinedRef, unsaidColumns } from "./source-joins.js";
import { readsTables } from "./source-outputs.js";

export type { ColumnRefs };

/** A column, or a table's (or alias's) column: SQL identifiers of letters, digits and `_`. */
const REFERENCE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * Checks the `columns` option when the list is defined: each sort column qualified where the
 * query's joins make its bare name ambiguous.
 *
 * @param columns - the option
 * @default columns {}
 * @throws {TypeError} for anything but an object of references (`"p.created_at"`)
 * @example
 * ```ts
 * columnRefs({ created_at: "p.created_at", id: "p.id" });
 * ```
 */
export function columnRefs(columns: unknown): ColumnRefs {
  if (columns === undefined) return {};
  if (typeof columns !== "object" || columns === null || Array.isArray(columns)) {
    throw new TypeError(
      `columns must be an object of sort columns to references ({ created_at: "p.created_at" }); got ${describeValue(columns)}`,
    );
  }
  for (const [name, ref] of Object.entries(columns)) {
    if (typeof ref !== "string" || !REFERENCE.test(ref)) {
      throw new TypeError(
        `columns.${name} must be a column reference ("created_at" or "p.created_at"); got ${describeValue(ref)}`,
      );
    }
  }
  return columns as ColumnRefs;
}

/**
 * The reference a query orders and filters a sort term by: the one `columns` gives, else its
 * column.
 *
 * @param term - a term of the list's order
 * @param columns - checked by {@link columnRefs}
 * @example
 * ```ts
 * columnRef(term, { created_at: "p.created_at" }); // "p.created_at" for the term of created_at
 * ```
 */
export function columnRef(term: SortTerm, columns: ColumnRefs): string {
  return Object.hasOwn(columns, term.column) ? (columns[term.column] as string) : term.column;
}

/**
 * Each sort term's reference in a query: the one `columns` gives; else, in a query of one table,
 * its column; in one of more (a join), the column the query selects by its table under that
 * name (`joinedRef`), or a TypeError before any SQL runs where the query does not say which
 * table's column it is (an expression's alias included), naming in one `columns` option every
 * such column of the order, the tie-breaker too.
 *
 * @param query - the user's select
 * @param terms - the request's order
 * @param columns - checked by {@link columnRefs}
 * @throws {TypeError} for a sort column of a join that names no table's column
 * @example
 * ```ts
 * sortRefs(db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id")
 *   .select(["p.id", "p.name", "r.name as repo"]), sort.terms, {}); // ["p.name", "p.id"]
 * ```
 */
export function sortRefs(
  query: { toOperationNode(): SelectQueryNode },
  terms: readonly SortTerm[],
  columns: ColumnRefs,
): string[] {
  const node = query.toOperationNode();
  if (!readsTables(node)) return terms.map((term) => columnRef(term, columns));
  const refs = terms.map((term) =>
    Object.hasOwn(columns, term.column) ? columnRef(term, columns) : joinedRef(node, term.column),
  );
  const unsaid = terms.flatMap((term, place) => (refs[place] === undefined ? [term.column] : []));
  if (unsaid.length > 0) throw unsaidColumns(node, unsaid);
  return refs as string[];
}
