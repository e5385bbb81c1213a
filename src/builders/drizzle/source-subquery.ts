// A value import: the SQL pagewise adds to the user's query is Drizzle's own `sql` template.
import { type SQL, sql } from "drizzle-orm";
import { distinctSelect } from "./source-outputs.js";
import type { DrizzleQuery } from "./types.js";

/** The alias of the user's query as the subquery pagewise selects from. */
export const SOURCE_ALIAS = "__pagewise";

/** The user's query as a subquery: what pagewise orders, filters and counts. */
export interface QuerySource {
  /** The subquery (`(<the user's query>) AS "__pagewise"`), Drizzle's own. */
  readonly subquery: object;
  /** Its fields as the user selected them: the rows' members, each decoded as Drizzle does. */
  readonly fields: Record<string, unknown>;
  /** A column of its output by name (`"__pagewise"."created_at"`). */
  readonly column: (name: string) => SQL;
}

/**
 * The user's query as a subquery of its own: sort columns then name its output columns, and its
 * `where` stays as written (pagewise adds its own around it). Outputs of one name (a join's
 * `packages.name` and `repositories.name`) are aliased apart but for the one under the key of
 * that name (`distinctSelect`).
 * The planners of PostgreSQL, MariaDB and SQLite merge such a subquery into the query around it.
 *
 * @param query - the user's select
 * @example
 * ```ts
 * const { subquery, fields, column } = querySource(db.select().from(packages));
 * await db.select(fields).from(subquery).orderBy(column("created_at"));
 * ```
 */
export function querySource(query: DrizzleQuery): QuerySource {
  const subquery = distinctSelect(query).as(SOURCE_ALIAS) as {
    _: { selectedFields: object };
  } & object;
  const fields = Object.fromEntries(
    Object.keys(subquery._.selectedFields).map((key) => [key, (subquery as never)[key]]),
  );
  return { subquery, fields, column: (name) => columnOf(SOURCE_ALIAS, name) };
}

/**
 * A column of a subquery by its alias and name.
 *
 * @param alias - the subquery's alias
 * @param name - the output column's name
 * @example
 * ```ts
 * columnOf("__pagewise", "id"); // sql`"__pagewise"."id"`
 * ```
 */
function columnOf(alias: string, name: string): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
}
