import type { SortTerm } from "../sort/sort-order.js";
import { isHidden, valueAlias } from "../sql/hidden-columns.js";
import type { SortValues } from "./contract.js";

/** A cursor page as an integration answers it: the rows as the user selected them, and their values. */
export interface ValuedRows<T> {
  readonly items: T[];
  readonly values: SortValues[];
}

/**
 * A cursor page's rows as the user selected them, each row's sort values beside them: the members
 * a cursor page selected for itself (`valueAlias`, `keyAlias`) taken off; each term's value by
 * default the one selected under its `valueAlias`, or what `read` finds (a value the row holds as
 * it is). A driver that reads every integer as a bigint (better-sqlite3's safe integers) gives
 * one for a column of type "json" too: a safe one is given as the number it is, another as the
 * bigint (which the cursor refuses, asking for `type: "bigint"`). The rows of one query share
 * their members: the first row's are read once for the page, and rows with none hidden are
 * answered as they are, not copied.
 *
 * @param rows - a cursor page's rows, hidden members included
 * @param terms - the list's order
 * @param read - the value of a term's place in a row
 * @default `read` takes the member `valueAlias(place)`
 * @example
 * ```ts
 * takeSortValues([{ id: 1, pagewisevalxa: 1n }], sort.terms); // { items: [{ id: 1 }], values: [[1]] }
 * ```
 */
export function takeSortValues<T extends object>(
  rows: readonly T[],
  terms: readonly SortTerm[],
  read?: (row: Record<string, unknown>, place: number) => unknown,
): ValuedRows<T> {
  const [first] = rows;
  if (first === undefined) return { items: [], values: [] };
  const members = Object.keys(first);
  const own = members.filter((name) => !isHidden(name));
  const aliases = terms.map((_, place) => valueAlias(place));
  const value = read ?? ((row, place) => row[aliases[place] as string]);
  const values = rows.map((row) =>
    terms.map((term, place) => jsonValue(term, value(row as Record<string, unknown>, place))),
  ) as SortValues[];
  // Rows with nothing hidden are answered as they are (a copy of a page of 30 cost 2-4 µs).
  if (own.length === members.length) return { items: rows as T[], values };
  const items = rows.map((row) => {
    const hidden = row as Record<string, unknown>;
    const answered: Record<string, unknown> = {};
    for (const name of own) answered[name] = hidden[name];
    return answered as T;
  });
  return { items, values };
}

/** A "json" column's safe bigint as a number; any other value as it is. */
function jsonValue(term: SortTerm, value: unknown): unknown {
  const safe = typeof value === "bigint" && Number.isSafeInteger(Number(value));
  return term.type === "json" && safe ? Number(value) : value;
}
