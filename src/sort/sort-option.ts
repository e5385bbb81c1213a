import {
  assertKnownNames,
  assertObject,
  assertOption,
  assertParamName,
  describeValue,
} from "../option-checks.js";
import { BOOLEANS, DEFAULT_SORT_PARAM, NULLS, SORT_TYPES, type SortType } from "../options.js";
import { IDENTIFIER } from "../sql/identifier.js";
import { type SortTerm, sortOrder, sortTerm } from "./sort-order.js";
import { parseSort, type SortSettings } from "./sort-param.js";

/** A field a client may sort by: its column and how its values order. */
export interface SortField {
  /**
   * The column: a SQL identifier, and the property of an in-memory row.
   *
   * @default the field's name
   */
  readonly column?: string;
  /** Whether the column may hold NULL. @default false */
  readonly nullable?: boolean;
  /**
   * Where NULLs fall when the field is sorted ascending; descending puts them at the other end,
   * as an index read backward does.
   *
   * @default where the database puts them: PostgreSQL's "last" in memory and in `sort.sql()`; a
   * query builder's integration, its dialect's (MySQL, MariaDB and SQLite: "first")
   */
  readonly nulls?: "first" | "last";
  /**
   * How values compare in memory: `"json"` as JSON values (numbers by value, text by code point),
   * `"bigint"` as whole numbers, for 64-bit ids beyond 2^53 written as text; `"timestamp"` as
   * instants (a `Date` in memory; a database's timestamp read as its own text, every digit kept).
   *
   * @default "json" (the tie-breaker's type on its column)
   */
  readonly type?: SortType;
}

/** The list's unique key, appended to every order: a column that is never NULL. */
export interface SortTieBreaker<K extends string = string> {
  /** The column: a SQL identifier, and the property of an in-memory row. */
  readonly column: K;
  /** @default "json" */
  readonly type?: SortType;
}

/**
 * The orders a client may choose with the `sort` parameter (`sort=-created_at,name`).
 *
 * @typeParam F - the fields' names
 * @typeParam K - the tie-breaker's column
 */
export interface SortOption<F extends string = string, K extends string = string> {
  /** The fields offered, by the name a client sends: `true` for a plain column of that name. */
  readonly fields: { readonly [K in F]: true | SortField };
  /**
   * The list's unique key (a column, or `{ column, type }`), appended to every order the chosen
   * fields do not end with, in the direction of the last one: rows that tie on the chosen fields
   * (created in one transaction, say) keep one order, and pages neither skip nor repeat them.
   */
  readonly tieBreaker: K | SortTieBreaker<K>;
  /**
   * The order when the request has no `sort` (or an empty one), written as a client writes it.
   *
   * @default the tie-breaker, ascending
   */
  readonly default?: string;
  /** @default "sort" */
  readonly param?: string;
}

/** A field's column: the one it names, else the field's own name (a `string` when typed loosely). */
type FieldColumn<Name, Spec> = Spec extends { readonly column: infer C extends string }
  ? C
  : Spec extends true
    ? Name & string
    : "column" extends keyof Spec
      ? string
      : Name & string;

/** The tie-breaker's column, written alone or as `{ column, type }`. */
type TieBreakerColumn<T> = T extends string
  ? T
  : T extends { readonly column: infer C extends string }
    ? C
    : string;

/**
 * The columns a `sort` option orders by: each field's `column` (its name unless it names another)
 * and the tie-breaker's. What a query builder's integration checks against its query's columns.
 *
 * @typeParam O - the option's type (`as const`, or written inline in `list({ sort })`)
 * @example
 * ```ts
 * type C = SortOptionColumns<{ fields: { date: { column: "created_at" } }; tieBreaker: "id" }>;
 * // "created_at" | "id"
 * ```
 */
export type SortOptionColumns<O> = O extends {
  readonly fields: infer Fields;
  readonly tieBreaker: infer T;
}
  ? { [N in keyof Fields]: FieldColumn<N, Fields[N]> }[keyof Fields] | TieBreakerColumn<T>
  : never;

const OPTION_NAMES = { fields: true, tieBreaker: true, default: true, param: true } as const;
const FIELD_NAMES = { column: true, nullable: true, nulls: true, type: true } as const;
/** A field's name as a client sends it: a letter or `_`, then letters, digits, `_` or `.`. */
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,62}$/;

/**
 * Checks a list's `sort` option and resolves it: every field a SQL identifier's column, each
 * column once, a tie-breaker that is never NULL, a default order made of offered fields.
 *
 * @param option - the list's `sort` option
 * @returns the settings each request reads
 * @throws {TypeError} naming the fix, for any misuse (at definition, never on a request)
 * @example
 * ```ts
 * sortSettings({ fields: { name: true, created_at: true }, tieBreaker: "id", default: "-created_at" });
 * ```
 */
export function sortSettings(option: SortOption): SortSettings {
  assertObject("sort", option);
  assertKnownNames("sort option", option, OPTION_NAMES);
  const { fields, tieBreaker, default: given, param = DEFAULT_SORT_PARAM } = option;
  assertParamName("sort.param", param);
  const tie = tieBreakerTerms(tieBreaker);
  const resolved = fieldTerms(fields, tie[0]);
  const settings = { param, fields: resolved, tieBreaker: tie };
  if (given !== undefined && typeof given !== "string") {
    throw new TypeError(
      `sort.default must be written as a client writes sort ("-created_at"); got ${describeValue(given)}`,
    );
  }
  const defaultOrder = given === undefined ? sortOrder([tie[0]]) : parseSort(given, settings);
  if (typeof defaultOrder === "string") {
    throw new TypeError(`sort.default ${JSON.stringify(given)}: ${defaultOrder}`);
  }
  return { ...settings, defaultOrder };
}

function tieBreakerTerms(given: unknown): readonly [SortTerm, SortTerm] {
  const spec = typeof given === "string" ? { column: given } : given;
  assertObject("sort.tieBreaker (a column, or { column, type })", spec);
  assertKnownNames("sort.tieBreaker option", spec, { column: true, type: true });
  const { column, type = "json" } = spec as SortTieBreaker;
  assertColumn("sort.tieBreaker", column);
  assertOption("sort.tieBreaker.type", type, SORT_TYPES);
  return [
    sortTerm(column, column, true, false, undefined, type),
    sortTerm(column, column, false, false, undefined, type),
  ];
}

function fieldTerms(
  fields: unknown,
  tie: SortTerm,
): ReadonlyMap<string, readonly [SortTerm, SortTerm]> {
  assertObject("sort.fields", fields);
  const entries = Object.entries(fields);
  if (entries.length === 0) {
    throw new TypeError("sort.fields offers no field: name at least one ({ name: true })");
  }
  const byColumn = new Map<string, string>();
  const terms = new Map<string, readonly [SortTerm, SortTerm]>();
  for (const [name, spec] of entries) {
    if (!FIELD.test(name)) {
      throw new TypeError(
        `sort.fields: ${JSON.stringify(name)} is not a field name (a letter or _, then letters, digits, _ or .)`,
      );
    }
    const field = fieldTerm(name, spec === true ? {} : spec, tie);
    const other = byColumn.get(field[0].column);
    if (other !== undefined) {
      throw new TypeError(
        `sort.fields "${other}" and "${name}" name one column "${field[0].column}": offer it once`,
      );
    }
    byColumn.set(field[0].column, name);
    terms.set(name, field);
  }
  return terms;
}

function fieldTerm(name: string, spec: unknown, tie: SortTerm): readonly [SortTerm, SortTerm] {
  const what = `sort.fields.${name}`;
  assertObject(`${what} (true, or { column, nullable, nulls, type })`, spec);
  assertKnownNames(`${what} option`, spec, FIELD_NAMES);
  const { column = name, nullable = false, nulls } = spec as SortField;
  // On the tie-breaker's column, the tie-breaker's type unless said.
  const type = (spec as SortField).type ?? (column === tie.column ? tie.type : "json");
  assertColumn(`${what}.column`, column);
  assertOption(`${what}.nullable`, nullable, BOOLEANS);
  assertOption(`${what}.nulls`, nulls, NULLS);
  assertOption(`${what}.type`, type, SORT_TYPES);
  if (column === tie.column && (nullable || type !== tie.type)) {
    throw new TypeError(
      `${what} is the tie-breaker's column "${column}": never nullable, and of the tie-breaker's type`,
    );
  }
  return [
    sortTerm(name, column, true, nullable, nulls, type as SortType),
    sortTerm(name, column, false, nullable, nulls, type as SortType),
  ];
}

function assertColumn(what: string, column: unknown): asserts column is string {
  if (typeof column !== "string" || !IDENTIFIER.test(column)) {
    throw new TypeError(
      `${what} must be a column, a SQL identifier (a letter or _, then letters, digits or _); got ${describeValue(column)}`,
    );
  }
}
