import { type CursorValue, cursorCodec } from "../cursor/cursor-token.js";
import { type KeysetColumn, type SortColumn, sortColumns } from "../cursor/keyset.js";
import type { PathParams } from "../http/path-pattern.js";
import { assertParamName, describeValue } from "../option-checks.js";
import {
  DEFAULT_AFTER_PARAM,
  DEFAULT_BEFORE_PARAM,
  DEFAULT_MAX_CURSOR_LENGTH,
} from "../options.js";
import { schemaParamNames } from "../params/schema-names.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import { type SortOption, sortSettings } from "../sort/sort-option.js";
import { type SortTerm, sortOrder } from "../sort/sort-order.js";
import type { SortSettings } from "../sort/sort-param.js";
import { assertCursorApart } from "./cursor-apart.js";
import type { CursorListDefinition, CursorListMethod } from "./cursor-method.js";
import { handlerFunction } from "./methods.js";
import { serveCursorList } from "./serve-cursor-list.js";
/**
 * Defines a cursor (keyset) list: pages `after` or `before` an opaque signed token instead of page
 * numbers, so a page costs the same at any depth (an index range scan, no OFFSET) and a walk
 * neither skips nor repeats rows while others write. A departure from the spec, opt-in
 * (docs/cursors.md): links `first`, `prev` and `next`, never `last`; `X-Pagination-PageSize`
 * always, `X-Pagination-Count` when the handler gives a count. Tokens are bound to the filters
 * (the path parameters and the query but the page size) and the order: another query's token,
 * a tampered or foreign one is a 400 problem.
 *
 * @param definition - `order`, `secret`, `handler`, optionally `schema`, `valuesOf`, the parameter
 *   names and `maxCursorLength`
 * @throws {TypeError} or {@link RangeError} for a bad order, secret, name or length (at definition)
 * @example
 * ```ts
 * cursorList({
 *   order: [{ name: "id", type: "bigint" }],
 *   secret: process.env.CURSOR_SECRET ?? "", // 32 characters or more, else a TypeError here
 *   handler: async ({ path, cursor }) => {
 *     const { where, orderBy, limit, values } = cursor.sql(2);
 *     const { rows } = await pool.query(
 *       `SELECT * FROM packages WHERE repo = $1 AND ${where} ORDER BY ${orderBy} LIMIT ${limit}`,
 *       [path.repo, ...values],
 *     );
 *     return { items: rows };
 *   },
 * });
 * ```
 */
export function cursorList<
  N = unknown,
  S extends StandardSchemaV1 | undefined = undefined,
  T = unknown,
  Path = PathParams,
  const O extends SortOption | undefined = undefined,
  const Ord extends readonly SortColumn[] = readonly SortColumn[],
>(definition: CursorListDefinition<N, S, T, Path, O, Ord>): CursorListMethod<N, Path> {
  const { secret, valuesOf, schema, handler, openapi } = definition;
  const {
    afterParam = DEFAULT_AFTER_PARAM,
    beforeParam = DEFAULT_BEFORE_PARAM,
    maxCursorLength = DEFAULT_MAX_CURSOR_LENGTH,
  } = definition;
  const order = orderSettings(definition.order, definition.sort);
  assertParamName("afterParam", afterParam);
  assertParamName("beforeParam", beforeParam);
  if (afterParam === beforeParam) {
    throw new TypeError(
      `afterParam and beforeParam must differ; both are ${JSON.stringify(afterParam)}`,
    );
  }
  if (valuesOf !== undefined && typeof valuesOf !== "function") {
    throw new TypeError(`valuesOf must be a function of a row; got ${describeValue(valuesOf)}`);
  }
  const read = valuesOf ?? rowValues;
  const paramNames = schemaParamNames(schema as StandardSchemaV1 | undefined);
  const method: CursorListMethod<N, Path> = {
    kind: "cursor",
    ...(schema === undefined ? {} : { schema: schema as StandardSchemaV1 }),
    ...(paramNames === undefined ? {} : { paramNames }),
    ...(openapi === undefined ? {} : { openapi }),
    // A cursor list always has an order: an integration's needs are met.
    handler: handlerFunction(handler, true) as CursorListMethod<N, Path>["handler"],
    order,
    codec: cursorCodec(secret, { maxLength: maxCursorLength }),
    afterParam,
    beforeParam,
    maxCursorLength,
    // The values a handler gave beside its rows, unless the list reads its own.
    valuesOf: (row, terms, given) =>
      sortValues(
        terms,
        given !== undefined && valuesOf === undefined ? given : read(row as T, terms),
      ),
    serve: (resource, request, method, raw) =>
      serveCursorList(resource, served, request, method, raw),
    assertApart: (settings, options) => assertCursorApart(served, settings, options),
  };
  const served = method as unknown as CursorListMethod<never>;
  return method;
}

/** A row's sort values by default: its members named by the order's columns. */
function rowValues(row: unknown, terms: readonly SortTerm[]): readonly unknown[] {
  return terms.map((term) => (row as Record<string, unknown>)[term.column]);
}

/** A cursor list's orders: a fixed `order`, or the ones `sort` offers; one of them. */
function orderSettings(order: unknown, sort: SortOption | undefined): SortSettings {
  if ((order === undefined) === (sort === undefined)) {
    throw new TypeError(
      'A cursor list takes a fixed order ([{ name: "id" }]) or sort (the orders a client may choose), one of them',
    );
  }
  if (sort !== undefined) return sortSettings(sort);
  const terms = sortColumns(order as readonly SortColumn[]).map((c) => ({
    ...c,
    field: c.name,
    column: c.name,
    direction: c.ascending ? ("asc" as const) : ("desc" as const),
  }));
  const last = terms.at(-1) as SortTerm;
  return {
    param: undefined,
    fields: new Map(),
    tieBreaker: [last, last],
    defaultOrder: sortOrder(terms),
  };
}

/** A row's sort values checked as a token can carry them: JSON primitives, a bigint as text. */
function sortValues(
  columns: readonly KeysetColumn[],
  values: readonly unknown[],
): readonly CursorValue[] {
  if (!Array.isArray(values) || values.length !== columns.length) {
    throw new TypeError(
      `A cursor list's row gave ${describeValue(values)} as its sort values; the order has ${columns.length} columns`,
    );
  }
  return values.map((value, i) => {
    const column = columns[i] as KeysetColumn;
    if (value === null && !column.nullable) {
      throw new TypeError(
        `A cursor list's row has NULL for the sort column "${column.name}", which the order does not declare nullable: give it nullable: true (a NULL compared as a value would lose rows)`,
      );
    }
    if (column.type === "bigint") return wholeValue(column.name, value);
    if (column.type === "timestamp" && value instanceof Date)
      return instantValue(column.name, value);
    if (typeof value === "bigint") {
      throw new TypeError(
        `A cursor list's row has a bigint for the sort column "${column.name}": give the column type: "bigint" (compared as whole numbers, not as text)`,
      );
    }
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value))
    ) {
      return value;
    }
    const name = column.name;
    const hint =
      value instanceof Date
        ? ' Give the column type: "timestamp" for a Date of a list in memory; a database\'s timestamp holds microseconds a Date drops: select it as text (created_at::text), or serve it through pagewise/kysely or pagewise/drizzle, which do.'
        : "";
    throw new TypeError(
      `A cursor list's row has ${describeValue(value)} for the sort column "${name}", which a cursor cannot carry.${hint}`,
    );
  });
}

/** A `"timestamp"` column's `Date` as a cursor carries it: ISO 8601 text, which orders as instants do. */
function instantValue(name: string, value: Date): CursorValue {
  if (!Number.isNaN(value.getTime())) return value.toISOString();
  throw new TypeError(`A cursor list's row has an invalid Date for the sort column "${name}"`);
}

/** A `"bigint"` column's value as a cursor carries it: whole-number text. */
function wholeValue(name: string, value: unknown): CursorValue {
  if (value === null) return null;
  if (typeof value === "bigint" || Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && /^-?[0-9]{1,19}$/.test(value)) return value;
  throw new TypeError(
    `A cursor list's row has ${describeValue(value)} for the bigint sort column "${name}": a whole number, as a bigint, a safe integer or its digits`,
  );
}
