/**
 * What the plan checks of the integrations read off a database's account of a statement (the
 * kysely and prisma suites' `plans` tests): the indexes of their `items` table, the rows each
 * read of it took or filtered out (PostgreSQL's EXPLAIN ANALYZE, MariaDB's ANALYZE), and whether
 * MariaDB counted every index entry a read passed over (`countedRead`).
 */
import { countedRead } from "../support/mariadb-reads.js";

/** The indexes a plan check's `items` table has: one for each order it checks. */
export const PLAN_INDEXES = [
  "CREATE INDEX items_created ON items (created_at, id)",
  "CREATE INDEX items_grp ON items (grp, created_at DESC, id DESC)",
  "CREATE INDEX items_score ON items (score, id)",
];

/**
 * Each read of `items` in a MariaDB plan: `"counted"` where `countedRead`, else the read.
 *
 * @param node - a plan, or a node of one
 */
export function accessesOf(node: unknown): unknown[] {
  if (typeof node !== "object" || node === null) return [];
  const n = node as Record<string, unknown>;
  const own = n.table_name === "items" ? [countedRead(n) ? "counted" : n] : [];
  return [...own, ...Object.values(n).flatMap(accessesOf)];
}

/**
 * Rows read from `items` in a PostgreSQL or MariaDB analyzed plan: taken plus filtered out.
 *
 * @param node - a plan, or a node of one
 */
export function readsOf(node: unknown): number {
  if (typeof node !== "object" || node === null) return 0;
  const n = node as Record<string, unknown>;
  const own =
    n["Relation Name"] === "items"
      ? Number(n["Actual Rows"]) * Number(n["Actual Loops"]) +
        Number(n["Rows Removed by Filter"] ?? 0)
      : n.table_name === "items"
        ? Number(n.r_rows ?? 0) * Number(n.r_loops ?? 1)
        : 0;
  return own + Object.values(n).reduce<number>((sum, inner) => sum + readsOf(inner), 0);
}
