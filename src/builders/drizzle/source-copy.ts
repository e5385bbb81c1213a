/** The members of a Drizzle select builder pagewise reads to copy it. */
interface SelectBuilder {
  readonly config: SelectConfig;
  readonly _: { readonly config: object } & Record<string, unknown>;
  readonly constructor: new (parts: Record<string, unknown>) => SelectBuilder;
  readonly [member: string]: unknown;
}

/** A select's configuration (`query._.config`): the members its constructor sets, and more. */
interface SelectConfig {
  readonly table: unknown;
  readonly fields: unknown;
  readonly withList?: unknown;
  readonly distinct?: unknown;
  /** A compound select's operators: `orderBy`, `limit` and `offset` change the last one. */
  readonly setOperators: readonly object[];
  readonly [member: string]: unknown;
}

/**
 * A Drizzle select pagewise may change: a copy of the user's with a configuration of its own.
 * Drizzle's `where`, `orderBy`, `limit` and `offset` change the builder they are called on (or,
 * on a compound select, its last set operator), and a list's query function may hand out one
 * select for every request (`() => everyPackage`): what a request added to it would stay for the
 * next, and two requests at once would write over each other's. The copy is made by the select's
 * own class (whose methods, some bound to their builder, then run the copy), and takes the
 * select's state member by member into the objects the constructor made, in the select's own
 * order: Drizzle then builds the copy's SQL as fast as the select's (a copy of the configuration
 * made by spreading it built 1.4 times slower). The set operators are copied one by one; the
 * user's select stays as written.
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
  if (!ownsConfig(builder)) return;
  const copy = new builder.constructor({
    table: config.table,
    fields: config.fields,
    isPartialSelect: builder.isPartialSelect,
    session: builder.session,
    dialect: builder.dialect,
    withList: config.withList,
    distinct: config.distinct,
  }) as Record<string, unknown> & SelectBuilder;
  for (const [member, value] of Object.entries(builder))
    if (typeof value !== "function" && member !== "config" && member !== "_") copy[member] = value;
  const own = copy.config as Record<string, unknown>;
  for (const member in config) own[member] = config[member];
  own.setOperators = config.setOperators.map((operator) => ({ ...operator }));
  const types = copy._ as Record<string, unknown>;
  for (const member in builder._) if (member !== "config") types[member] = builder._[member];
  return copy as unknown as T;
}

/** Whether `builder` is a Drizzle select as pagewise knows one: its configuration in both places. */
function ownsConfig(builder: SelectBuilder): boolean {
  const config = builder.config as SelectConfig | null | undefined;
  return (
    typeof config === "object" &&
    config !== null &&
    builder._?.config === config &&
    Array.isArray(config.setOperators)
  );
}
