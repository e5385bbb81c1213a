import { describeValue } from "../../option-checks.js";
import type { WrittenArgs } from "./types.js";

/** The args pagewise writes: a query holding one is refused (it would be overwritten). */
const WRITTEN: readonly WrittenArgs[] = ["orderBy", "cursor", "take", "skip", "distinct"];

const NONE: ReadonlySet<string> = new Set();

/** A request's query args, checked, with the sort fields it must answer. */
export interface QueryArgs {
  /** The args with each sort field selected (or no longer omitted). */
  readonly args: Record<string, unknown>;
  /** The user's `where`, or `undefined`. */
  readonly where: unknown;
  /** The fields added for the sort values, to take off each row answered. */
  readonly added: readonly string[];
}

/**
 * A request's query args as pagewise runs them: checked to hold nothing pagewise writes, and each
 * sort field in the rows (added to a `select`, taken out of an `omit`) so its value can be read;
 * the fields added are taken off the rows answered, which stay what the user selected.
 *
 * @param name - the factory (`prismaCursorPages`), named in its errors
 * @param query - what the list's query function returned
 * @param fields - the sort's fields
 * @param omitted - the fields the client omits for the model (`new PrismaClient({ omit })`)
 * @default omitted none
 * @throws {TypeError} for args that are not an object, or hold `orderBy`, `cursor`, `take`, `skip` or `distinct`
 * @example
 * ```ts
 * queryArgs("prismaCursorPages", { select: { name: true } }, ["name", "id"]);
 * // { args: { select: { name: true, id: true } }, where: undefined, added: ["id"] }
 * ```
 */
export function queryArgs(
  name: string,
  query: unknown,
  fields: readonly string[],
  omitted: ReadonlySet<string> = NONE,
): QueryArgs {
  if (typeof query !== "object" || query === null) {
    throw new TypeError(
      `${name}: the query function must return findMany's args ({ where, select, include }); got ${describeValue(query)}`,
    );
  }
  const given = query as Record<string, unknown>;
  const written = WRITTEN.find((arg) => given[arg] !== undefined);
  if (written !== undefined) {
    throw new TypeError(
      `${name}: the query's args hold ${written}, which pagewise writes from the list's sort and the request's page: leave it out`,
    );
  }
  const select = given.select as Record<string, unknown> | undefined | null;
  const omit = given.omit as Record<string, unknown> | undefined | null;
  // A field the args leave out, or omit, or the client omits and the args do not show.
  const missing = fields.filter((field) =>
    select ? select[field] !== true : (omit?.[field] ?? omitted.has(field)) === true,
  );
  if (missing.length === 0) return { args: given, where: given.where, added: [] };
  const shown = Object.fromEntries(
    missing.map((field) => [field, select !== undefined && select !== null]),
  );
  const args = select
    ? { ...given, select: { ...select, ...shown } }
    : { ...given, omit: { ...omit, ...shown } };
  return { args, where: given.where, added: missing };
}

/**
 * The user's `where` and the keyset's, both: the user's filters kept at the top of the `where`,
 * the keyset added to its `AND`, where a query hook that sets a field (`{ ...args.where,
 * deletedAt: null }`) leaves it. Nested in an `AND`, the user's `where` would read otherwise:
 * Prisma takes an `OR: []` at the top as no row but inside an `AND` as no filter at all (a user's
 * `{ OR: teams.map(…) }` with no team left would list every row: measured in
 * `test/builders/prisma/keyset-where.test.ts`).
 *
 * @param where - the user's `where`, or `undefined`
 * @param keyset - the keyset's
 * @example
 * ```ts
 * bothWhere({ status: "active" }, { id: { gt: 5n } }); // { status: "active", AND: [{ id: { gt: 5n } }] }
 * ```
 */
export function bothWhere(where: unknown, keyset: Record<string, unknown>): unknown {
  if (Object.keys(keyset).length === 0) return where;
  const own = (where ?? {}) as Record<string, unknown>;
  const and = own.AND === undefined ? [] : Array.isArray(own.AND) ? own.AND : [own.AND];
  // A keyset that is an AND alone adds its parts (one level fewer for Prisma to compile).
  const parts =
    Object.keys(keyset).length === 1 && Array.isArray(keyset.AND) ? keyset.AND : [keyset];
  return { ...own, AND: [...and, ...parts] };
}
