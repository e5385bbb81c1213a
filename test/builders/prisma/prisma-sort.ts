/**
 * The sort the suites of pagewise/prisma offer (the kysely suites' fields, `created_at` the
 * field of Prisma's `createdAt`), and the database's own order of the whole table.
 */
import { orderTerm } from "../kysely/kysely-behaviour.js";
import type { PrismaEngine } from "./prisma-engines.js";

/** Text, nullable, few values, timestamp; a bigint key. */
export const PRISMA_SORT = {
  fields: {
    name: true,
    score: { nullable: true },
    grp: true,
    created_at: { column: "createdAt", type: "timestamp" },
  },
  tieBreaker: { column: "id", type: "bigint" },
} as const;

/** The same with `score`'s NULLs last ascending, first descending (PostgreSQL's own place). */
export const PRISMA_SORT_NULLS_LAST = {
  ...PRISMA_SORT,
  fields: { ...PRISMA_SORT.fields, score: { nullable: true, nulls: "last" } },
} as const;

/**
 * The database's own order of `items`, as `sort` says it, every key as text.
 *
 * @param engine - the database
 * @param sort - the request's `sort`
 * @param nullsLast - whether the list is {@link PRISMA_SORT_NULLS_LAST}'s
 */
export async function databaseOrder(
  engine: PrismaEngine,
  sort: string,
  nullsLast = false,
): Promise<string[]> {
  const terms = sort.split(",").map((field) => orderTerm(field, nullsLast));
  const direction = (terms.at(-1) as string).endsWith("DESC") ? "DESC" : "ASC";
  const rows = await engine.raw(
    `SELECT ${engine.idText} AS id FROM items ORDER BY ${terms.join(", ")}, id ${direction}`,
  );
  return rows.map((r) => String(r.id));
}
