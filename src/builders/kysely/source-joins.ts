import type { OperationNode, SelectQueryNode } from "kysely";
import { type SelectionOutput, selectionOutputs } from "./source-outputs.js";

/**
 * The reference of a sort column in a select of more than one table, as its selections say it:
 * the column the select outputs under that name, once (`select("p.name")`, `select("r.name as
 * name")`); else the column of the one table whose every column it selects (`selectAll("p")`:
 * `p.name`); `undefined` for any other select (every table's columns, the name output twice, or
 * not at all, or as an expression's alias: `sql\`lower(p.name)\`.as("name")`), which leaves
 * pagewise unable to tell which table's column the list sorts by (`unsaidColumns` says how to
 * name it).
 *
 * @param node - the select's operation node, of more than one table
 * @param column - the sort column, as the list's `sort` names it
 * @example
 * ```ts
 * joinedRef(db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id")
 *   .selectAll("p").select("r.name as repo").toOperationNode(), "name"); // "p.name"
 * ```
 */
export function joinedRef(node: SelectQueryNode, column: string): string | undefined {
  const outputs = selectionOutputs(node);
  const named = outputs.filter((o) => o?.kind === "one" && o.name === column);
  if (named.length === 1) return (named[0] as SelectionOutput & { kind: "one" }).ref;
  const stars = outputs.filter((o) => o === undefined || o.kind === "all");
  const [star] = stars;
  if (named.length === 0 && stars.length === 1 && star?.kind === "all" && star.table !== undefined)
    return `${star.table}.${column}`;
  return undefined;
}

/**
 * The TypeError of a join whose select does not say which table's column each of `columns` is:
 * one `columns` option naming them all (each of the first table's, to paste and correct), so
 * that one change serves the request.
 *
 * @param node - the select's operation node
 * @param columns - the sort columns it leaves unsaid, in the order's places (the tie-breaker last)
 * @example
 * ```ts
 * unsaidColumns(db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id")
 *   .selectAll().toOperationNode(), ["name", "id"]).message;
 * // … give the option columns: { name: "p.name", id: "p.id" } …
 * ```
 */
export function unsaidColumns(node: SelectQueryNode, columns: readonly string[]): TypeError {
  const table = firstTable(node.from?.froms[0] as Node | undefined) ?? "table";
  const names = columns.map((column) => `"${column}"`).join(", ");
  const option = columns.map((column) => `${column}: "${table}.${column}"`).join(", ");
  const [first] = columns;
  const each = columns.length === 1 ? "it" : "each";
  return new TypeError(
    `pagewise/kysely: the query reads more than one table, and which one's ${names} the list sorts by is not said: give the option columns: { ${option} } (the table or its alias, a dot, the column), or select ${each} once, by its table (select("${table}.${first}"))`,
  );
}

/** A node as pagewise reads it. */
type Node = OperationNode & { readonly [member: string]: unknown };

/** The name a FROM item is referred to by: its alias, or its table's name. */
function firstTable(node: Node | undefined): string | undefined {
  const name = (identifier: unknown) => (identifier as { name?: unknown } | undefined)?.name;
  if (node?.kind === "AliasNode") return name(node.alias) as string | undefined;
  if (node?.kind === "TableNode")
    return name((node.table as { identifier?: unknown }).identifier) as string | undefined;
  return undefined;
}
