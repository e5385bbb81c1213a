/**
 * The sort the suites of pagewise/prisma offer: the kysely suites' fields, `created_at` the field
 * of Prisma's `createdAt` (so that the kysely suites' `databaseOrder` reads the same table's
 * order).
 */

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
