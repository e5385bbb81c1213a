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

/** Whether a name has a digit, two capitals in a row, or an odd underscore: Drizzle's casing of it unsure. */
type Unsure<N extends string> = N extends
  | `${string}${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}${string}`
  | `_${string}`
  | `${string}_`
  | `${string}__${string}`
  ? true
  : Capitals<N>;

/** Whether a name starts with a capital or has two in a row. */
type Capitals<N extends string, Before extends boolean = true> = N extends `${infer H}${infer T}`
  ? H extends Lowercase<H>
    ? Capitals<T, false>
    : Before extends true
      ? true
      : Capitals<T, true>
  : false;

/** A snake_case name as Drizzle's `casing: "camelCase"` writes a column named by its key. */
type CamelCase<N extends string> = N extends `${infer H}_${infer T}`
  ? `${H}${Capitalize<CamelCase<T>>}`
  : N;

/** A camelCase name as Drizzle's `casing: "snake_case"` writes a column named by its key. */
type SnakeCase<N extends string> = N extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : N;

/**
 * The output column a selected field names in SQL: a column's SQL name (or, for a column named by
 * its key, the name Drizzle's `casing` may give it instead); `string` for an expression's alias,
 * which Drizzle's types do not keep.
 */
type FieldColumn<F> = F extends {
  readonly _: { readonly brand: "Column"; readonly name: infer N extends string };
}
  ? Unsure<N> extends true
    ? string
    : N | CamelCase<N> | SnakeCase<N>
  : string;

/**
 * The SQL names of a Drizzle select's output columns (`created_at`, not the property
 * `createdAt`): what a list's `sort` may order it by, as a subquery. `string` (any name) where
 * Drizzle's types do not tell them.
 *
 * @typeParam Q - the select
 * @example
 * ```ts
 * type C = OutputColumns<typeof query>; // "id" | "name" | "created_at" | "createdAt"
 * ```
 */
export type OutputColumns<Q> = [Q] extends [never]
  ? string
  : Q extends { readonly _: { readonly selectedFields: infer S } }
    ? { [K in keyof S]: FieldColumn<S[K]> }[keyof S]
    : string;

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
