/**
 * Whether a read in a MariaDB `ANALYZE FORMAT=JSON` plan counts in `r_rows` every index entry it
 * reads: a `range`; or a `ref` (a union's branch of the NULLs: `score IS NULL ORDER BY id LIMIT
 * n`) that filters nothing out and pushes into the index no condition on a column beyond the
 * ref's own. MariaDB counts the rows an index condition keeps, not the entries it passes over: a
 * `ref` of a NULL group with `id > ?` pushed down reads every entry before the cursor, and says
 * it read only the page.
 *
 * @param node - a table's node of the plan (`table_name`, `access_type`, …)
 * @example
 * ```ts
 * countedRead({ access_type: "range" }); // true
 * ```
 */
export function countedRead(node: Readonly<Record<string, unknown>>): boolean {
  if (node.access_type === "range") return true;
  if (node.access_type !== "ref" || node.r_filtered !== 100) return false;
  const own = new Set(node.used_key_parts as readonly string[]);
  const pushed = String(node.index_condition ?? "").matchAll(/\.`?(\w+)`?/g);
  return [...pushed].every(([, column]) => own.has(column as string));
}
