/** The members of a Drizzle select builder pagewise reads to copy it. */
interface SelectBuilder {
  readonly config: { readonly table: unknown; readonly fields: unknown } & Record<string, unknown>;
  readonly _: { readonly config: object } & Record<string, unknown>;
  readonly constructor: new (parts: Record<string, unknown>) => Record<string, unknown>;
  readonly [member: string]: unknown;
}

/**
 * A Drizzle select pagewise may change: a copy of the user's with a configuration of its own.
 * Drizzle's `where`, `orderBy`, `limit` and `offset` change the builder they are called on, and a
 * list's query function may hand out one select for every request (`() => everyPackage`): what
 * a request added to it would stay for the next, and two requests at once would write over each
 * other's. The copy is made by the select's own class (whose methods, some bound to their
 * builder, then run the copy), takes the select's state, and a configuration pagewise replaces
 * member by member, never changing one in place: the user's select stays as written.
 *
 * @param query - the user's select
 * @returns the copy; `undefined` for a select that is not one of Drizzle's builders as pagewise
 *   knows them (which pagewise then reads through a subquery, leaving it untouched)
 * @example
 * ```ts
 * const page = ownSelect(everyPackage)?.orderBy(packages.id).limit(30); // everyPackage unchanged
 * ```
 */
export function ownSelect<T extends object>(query: T): T | undefined {
  const builder = query as unknown as SelectBuilder;
  const config = builder.config;
  if (typeof config !== "object" || config === null || builder._?.config !== config) return;
  const copy = new builder.constructor({
    table: config.table,
    fields: config.fields,
    isPartialSelect: builder.isPartialSelect,
    session: builder.session,
    dialect: builder.dialect,
    withList: config.withList,
    distinct: config.distinct,
  });
  for (const [member, value] of Object.entries(builder))
    if (typeof value !== "function") copy[member] = value;
  copy.config = { ...config };
  copy._ = { ...builder._, config: copy.config };
  return copy as T;
}
