import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect } from "../../sql/dialect.js";
import { exactTextType } from "../../sql/exact-text.js";
import { valueAlias } from "../../sql/hidden-columns.js";

/**
 * A sort column's value as the cursor keeps it: every digit the database stores. A bigint as text
 * (PostgreSQL `::text`, MySQL `CAST(… AS CHAR)`, SQLite `CAST(… AS TEXT)`), anything else as
 * the driver reads the column: Drizzle's drivers read a timestamp as the database's own text
 * (they leave parsing it to a timestamp column's mapping), which keeps every digit.
 *
 * @param term - the sort term
 * @param column - its column
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * exactValue(term, sql`"__pagewise"."id"`, DIALECTS.postgres); // sql`cast("__pagewise"."id" as text)`
 * ```
 */
export function exactValue(term: SortTerm, column: SQLWrapper, dialect: Dialect): SQL {
  const type = term.type === "bigint" ? exactTextType(dialect, term.type) : undefined;
  return type === undefined ? sql`${column}` : sql`cast(${column} as ${sql.raw(type)})`;
}

/**
 * The fields that select the values of the order's terms at `places` under an alias of their own
 * (`pagewisevalxa`, …), beside the user's.
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
