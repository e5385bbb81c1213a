import type { OperationNode, SelectQueryNode } from "kysely";

/** A node as pagewise reads it: its kind and the members it looks at, by name. */
type Node = OperationNode & { readonly [member: string]: unknown };

/**
 * Whether the rows of a Kysely select hold a table's column under its own name as the driver
 * reads it, so that a cursor can take its value off the row rather than select it again: the
 * select reads one table (no join: a bare name is that table's column) and outputs `name` only as
 * that column (`select("created_at")`, `selectAll()`, or the column aliased to its own name),
 * never as an expression's alias (and has no selection whose name pagewise cannot read). Read
 * from the query's operation node, without running it.
 *
 * @param query - the user's select (its `toOperationNode()`)
 * @returns the check, by output name
 * @example
 * ```ts
 * plainColumns(db.selectFrom("packages").selectAll())("created_at"); // true
 * plainColumns(db.selectFrom("packages").select(sql`upper(name)`.as("name")))("name"); // false
 * ```
 */
export function plainColumns(query: {
  toOperationNode(): SelectQueryNode;
}): (name: string) => boolean {
  const node = query.toOperationNode();
  if ((node.from?.froms.length ?? 0) !== 1 || (node.joins?.length ?? 0) > 0) return () => false;
  const plain = new Set<string>();
  const other = new Set<string>();
  let all = false;
  for (const { selection } of node.selections ?? []) {
    const output = outputOf(selection as Node);
    // A selection pagewise cannot name might output any name: none is read off the rows.
    if (output === undefined) return () => false;
    if (output === "all") all = true;
    else (output.plain ? plain : other).add(output.name);
  }
  return (name) => (all || plain.has(name)) && !other.has(name);
}

/**
 * What a selection outputs: every column, or one name and whether it is that column as read;
 * `undefined` for a selection pagewise cannot name.
 */
function outputOf(selection: Node): "all" | { name: string; plain: boolean } | undefined {
  if (selection.kind === "SelectAllNode") return "all";
  const column = columnName(selection);
  if (column === "all") return "all";
  if (column !== undefined) return { name: column, plain: true };
  const name = selection.kind === "AliasNode" ? identifier(selection.alias as Node) : undefined;
  if (name === undefined) return undefined;
  return { name, plain: columnName(selection.node as Node) === name };
}

/** The column a reference names (`"all"` for `table.*`), or `undefined` for anything else. */
function columnName(node: Node): string | "all" | undefined {
  if (node.kind === "ColumnNode") return identifier(node.column as Node);
  if (node.kind !== "ReferenceNode") return undefined;
  const column = node.column as Node;
  return column.kind === "SelectAllNode" ? "all" : columnName(column);
}

/** An identifier's name. */
function identifier(node: Node | undefined): string | undefined {
  return node?.kind === "IdentifierNode" ? (node.name as string) : undefined;
}
