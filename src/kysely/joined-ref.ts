import type { OperationNode, SelectQueryNode } from "kysely";
import { type SelectionOutput, selectionOutputs } from "./row-columns.js";

/**
 * The reference of a sort column in a select of more than one table, as its selections say it:
 * the column the select outputs under that name, once (`select("p.name")`, `select("r.name as
 * name")`; an expression's alias is its own name); else the column of the one table whose every
 * column it selects (`selectAll("p")`: `p.name`). Any other select (every table's columns, the
 * name output twice, or not at all) leaves pagewise unable to tell which table's column the list
 * sorts by: a TypeError that says how to name it.
 *
 * @param node - the select's operation node, of more than one table
 * @param column - the sort column, as the list's `sort` names it
 * @throws {TypeError} where the selections do not tell the column's table
 * @example
 * ```ts
 * joinedRef(db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id")
 *   .selectAll("p").select("r.name as repo").toOperationNode(), "name"); // "p.name"
 * ```
 */
export function joinedRef(node: SelectQueryNode, column: string): string {
  const outputs = selectionOutputs(node);
  const named = outputs.filter((o) => o?.kind === "one" && o.name === column);
  if (named.length === 1) return (named[0] as SelectionOutput & { kind: "one" }).ref ?? column;
  const stars = outputs.filter((o) => o === undefined || o.kind === "all");
  const [star] = stars;
  if (named.length === 0 && stars.length === 1 && star?.kind === "all" && star.table !== undefined)
    return `${star.table}.${column}`;
  const table = firstTable(node.from?.froms[0] as Node | undefined) ?? "table";
  throw new TypeError(
    `pagewise/kysely: the query reads more than one table, and which one's "${column}" the list sorts by is not said: give the option columns: { ${column}: "${table}.${column}" } (the table or its alias, a dot, the column), or select it once, by its table (select("${table}.${column}"))`,
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
