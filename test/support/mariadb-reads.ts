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

/** `SET STATEMENT variable = value FOR `, as pagewise puts it before a page's statement. */
const SETTING = /^SET STATEMENT \w+ = (?:'[a-z_,]*'|\d+) FOR /;

/**
 * A page's statement as `ANALYZE FORMAT=JSON` takes it: after the `SET STATEMENT … FOR` a
 * statement runs under (MariaDB analyzes a statement so, not the `SET STATEMENT` around it).
 *
 * @param sql - the statement as run
 * @example
 * ```ts
 * analyzed("SET STATEMENT v = 2 FOR select 1"); // "SET STATEMENT v = 2 FOR ANALYZE FORMAT=JSON select 1"
 * ```
 */
export function analyzed(sql: string): string {
  const setting = SETTING.exec(sql)?.[0] ?? "";
  return `${setting}ANALYZE FORMAT=JSON ${sql.slice(setting.length)}`;
}
