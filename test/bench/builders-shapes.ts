/**
 * The keyset shapes written by hand in the builders suite, and which is best on each dialect
 * (measured in issue 22 at 90% depth of 1,000,000 rows): a row value `(a, id) > (x, y)` on
 * PostgreSQL and SQLite for an order in one direction; `a > x OR (a = x AND id > y)` on MariaDB,
 * which scans for a row value; a UNION ALL of one index range per prefix on PostgreSQL and SQLite
 * for mixed directions, where neither a row value nor one OR tree reads a single range.
 * @packageDocumentation
 */
import { type DialectName, ORDERS, type Order, type Term } from "./builders-table.js";

/** How a keyset page after a row is written. */
export type Shape = "row value" | "OR tree" | "UNION ALL";

/** The shape measured fastest on `dialect` for `order`. */
export function bestShape(dialect: DialectName, order: Order): Shape {
  if (dialect === "mysql") return "OR tree";
  const directions = new Set(ORDERS[order].map(([, direction]) => direction));
  return directions.size > 1 ? "UNION ALL" : "row value";
}

/** One range after a row: the terms equal to its values, then one term past its value. */
export interface Branch {
  readonly equal: readonly Term[];
  readonly past: Term;
}

/**
 * The ranges after a row in `order`, the nearest first: for the order's last term back to its
 * first, the terms before it equal and it past (`>` ascending, `<` descending). Their OR is the
 * keyset predicate; each is one index range.
 */
export function branches(order: Order): Branch[] {
  const terms: readonly Term[] = ORDERS[order];
  return terms.map((past, i) => ({ equal: terms.slice(0, i), past })).reverse();
}

/** The comparison that takes a term past a value. */
export const pastOperator = ([, direction]: Term): ">" | "<" => (direction === "asc" ? ">" : "<");
