import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SortTerm } from "../pagination/sort-order.js";
import type { Dialect } from "../sql/dialect.js";
import { exactTextType } from "../sql/exact-text.js";
import { valueAlias } from "../sql/hidden-columns.js";

/**
 * A sort column's value as the cursor keeps it: every digit the database stores. A timestamp or a
 * bigint as text (PostgreSQL `::text`, MySQL `CAST(… AS CHAR)`, SQLite `CAST(… AS TEXT)` for a
 * bigint; SQLite keeps a timestamp as its stored value already), anything else as the driver
 * reads the column.
 *
 * @param term - the sort term
 * @param column - its column
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * exactValue(term, sql`"__pagewise"."created_at"`, DIALECTS.postgres); // sql`cast("__pagewise"."created_at" as text)`
 * ```
 */
export function exactValue(term: SortTerm, column: SQLWrapper, dialect: Dialect): SQL {
  const type = exactTextType(dialect, term.type);
  return type === undefined ? sql`${column}` : sql`cast(${column} as ${sql.raw(type)})`;
}

/**
 * The fields that select the values of the order's terms at `places` under an alias of their own
 * (`__pagewise_0`, …), beside the user's.
 *
 * @param terms - the order
 * @param places - the places of the terms whose values are selected
 * @param column - the column of a term
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * db.select({ ...source.fields, ...hiddenFields(terms, new Set([0, 1]), column, dialect) }).from(source.subquery);
 * ```
 */
export function hiddenFields(
  terms: readonly SortTerm[],
  places: ReadonlySet<number>,
  column: (term: SortTerm) => SQLWrapper,
  dialect: Dialect,
): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    [...places].map((place) => {
      const term = terms[place] as SortTerm;
      const alias = valueAlias(place);
      return [alias, exactValue(term, column(term), dialect).as(alias)];
    }),
  );
}
