import type { Compilable, Kysely } from "kysely";

/** A builder of pagewise's own queries: tables and columns of no schema of the user's. */
export type OuterBuilder = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The builder of a query pagewise writes around the user's select (a count of it, a union of
 * ranges of it): the instance without its plugins, so that they see the whole query once, when
 * it runs (`runOuter`). Kysely puts a select through its instance's plugins when another query
 * nests it, and again with the query that nests it: a plugin that renames names twice over
 * (`CamelCasePlugin` with `upperCase` made `createdAt` `CREATED____AT`) would break the user's
 * own columns.
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
 * Runs a query of `outerBuilder` on the instance itself: its plugins read the rows (a
 * `CamelCasePlugin` renames their members, as in the user's own queries).
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
