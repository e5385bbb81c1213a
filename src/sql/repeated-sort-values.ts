/** A term of the order, by its column. */
interface NamedTerm {
  readonly column: string;
}

/**
 * Checks a cursor page's rows, in the page's order, for two of the same sort values, the
 * tie-breaker's included: then the tie-breaker is not unique in the query's rows (a join to
 * many: a package once per tag), and a cursor, which resumes after its row's values, would skip
 * the rows that share them. Rows of one key are next to each other in the order, so each row is
 * compared with the one before it. A row's value is the same as another's when it is (`===`), or
 * both are dates of one time.
 *
 * @param rows - the page's rows as read, in its order (the row after the page included)
 * @param terms - the order
 * @param value - a row's value of the term at a place
 * @throws {Error} where two rows have the same values: how to make the tie-breaker unique
 * @example
 * ```ts
 * assertDistinctSortValues(rows, sort.terms, (row, place) => row[sort.terms[place].column]);
 * ```
 */
export function assertDistinctSortValues<R>(
  rows: readonly R[],
  terms: readonly NamedTerm[],
  value: (row: R, place: number) => unknown,
): void {
  for (let at = 1; at < rows.length; at += 1) {
    const before = rows[at - 1] as R;
    const row = rows[at] as R;
    if (terms.every((_, place) => same(value(before, place), value(row, place))))
      throw repeatedValues(terms);
  }
}

/** Whether two sort values are one. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
}

/** The error of two rows of one page with the same sort values. */
function repeatedValues(terms: readonly NamedTerm[]): Error {
  const columns = terms.map((term) => term.column).join(", ");
  const tieBreaker = terms.at(-1)?.column;
  return new Error(
    `pagewise: two rows of a cursor page have the same sort values (${columns}): the tie-breaker "${tieBreaker}" is not unique in the query's rows (a join to many?), and a cursor would skip rows. Make the tie-breaker a key unique in the rows (the many side's own), or give each its one row (aggregate the many side)`,
  );
}
