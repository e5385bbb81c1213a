import type { SQL } from "drizzle-orm";

/**
 * A Drizzle select query as pagewise uses it: it runs (awaited, its rows) and becomes a subquery
 * (`.as(alias)`). `db.select().from(table).where(…)`, with joins or a partial selection, on any
 * dialect; `.$dynamic()` is welcome but not needed.
 *
 * @typeParam T - a row of the query
 * @example
 * ```ts
 * const query: DrizzleQuery<Package> = db.select().from(packages).where(eq(packages.owner, "ada"));
 * ```
 */
export interface DrizzleQuery<T = unknown> extends PromiseLike<T[]> {
  as(alias: string): unknown;
}

/** A row of a {@link DrizzleQuery}. */
export type RowOf<Q> = Q extends PromiseLike<readonly (infer T)[]> ? T : never;

/**
 * The part of a Drizzle database pagewise uses: `select()` (and `execute()` for an estimate). Any
 * Drizzle database is one (node-postgres, PGlite, mysql2, better-sqlite3, …).
 */
export interface DrizzleDatabase {
  select(...fields: never[]): unknown;
}

/** A select being built, as pagewise chains it (the dialect's own builder at run time). */
export interface SelectChain extends PromiseLike<Record<string, unknown>[]> {
  where(condition: SQL | undefined): SelectChain;
  orderBy(...terms: SQL[]): SelectChain;
  limit(limit: number): SelectChain;
  offset(offset: number): SelectChain;
  unionAll(other: SelectChain): SelectChain;
  as(alias: string): object;
}

/** A database's `select(fields)`, as pagewise calls it. */
export type SelectFrom = (fields?: Record<string, unknown>) => {
  from(source: unknown): SelectChain;
};

/**
 * The database's `select`, bound, typed as pagewise chains it.
 *
 * @param db - a Drizzle database
 * @example
 * ```ts
 * const rows = await selectOf(db)().from(subquery).limit(10);
 * ```
 */
export function selectOf(db: DrizzleDatabase): SelectFrom {
  return (fields) => (db.select as (fields?: unknown) => ReturnType<SelectFrom>).call(db, fields);
}
