import type { Compilable, Kysely } from "kysely";

/** A builder of pagewise's own queries: tables and columns of no schema of the user's. */
export type OuterBuilder = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The builder of a query pagewise writes around the user's select (a count of it, a union of
 * ranges of it): the instance without its plugins. Kysely puts a select through its plugins'
 * `transformQuery` when another query nests it, and again with the query that nests it: a plugin
 * that renames names twice over (`CamelCasePlugin` with `upperCase` made `createdAt`
 * `CREATED____AT`) would break the user's own columns. So the user's select goes through them
 * once, nested, and the query around it not at all; `runOuter` gives its rows to their
 * `transformResult` (under the outer query's id, which their `transformQuery` never saw: a plugin
 * that keeps state by query id finds none for it).
 *
 * @param db - the user's Kysely instance
 * @example
 * ```ts
 * outerBuilder(db).selectFrom(query.as("pagewise_counted") as never).select((eb) => eb.fn.countAll().as("count"));
 * ```
 */
export function outerBuilder<DB>(db: Kysely<DB>): OuterBuilder {
  return db.withoutPlugins() as unknown as OuterBuilder;
}

/**
 * Runs a query of `outerBuilder` on the instance itself: its plugins' `transformResult` reads the
 * rows (a `CamelCasePlugin` renames their members, as in the user's own queries).
 *
 * @param db - the user's Kysely instance, plugins and all
 * @param query - the query, built by `outerBuilder(db)`
 * @returns its rows
 * @example
 * ```ts
 * const [row] = await runOuter(db, count);
 * ```
 */
export async function runOuter<DB>(db: Kysely<DB>, query: Compilable<unknown>): Promise<unknown[]> {
  return (await db.executeQuery(query.compile())).rows;
}
