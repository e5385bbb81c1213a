import type { OperationNode, SelectQueryNode } from "kysely";

/** A node as pagewise reads it: its kind and the members it looks at, by name. */
type Node = OperationNode & { readonly [member: string]: unknown };

/**
 * What a selection of a Kysely select outputs: every column of its tables (`selectAll()`), or of
 * one (`selectAll("p")`: `table` is `"p"`); or one name, with the column reference it is when it
 * is one (`select("p.created_at")`, `select("r.name as repo")`: `ref` is `"r.name"`), and whether
 * it is that column under its own name (`plain`).
 */
export type SelectionOutput =
  | { readonly kind: "all"; readonly table?: string }
  | { readonly kind: "one"; readonly name: string; readonly ref?: string; readonly plain: boolean };

/**
 * What each selection of a Kysely select outputs, read from its operation node without running
 * it; `undefined` for a selection pagewise cannot name (which might output any name).
 *
 * @param node - the select's operation node (`query.toOperationNode()`)
 * @example
 * ```ts
 * selectionOutputs(db.selectFrom("packages as p").selectAll("p").select("p.name as title").toOperationNode());
 * // [{ kind: "all", table: "p" }, { kind: "one", name: "title", ref: "p.name", plain: false }]
 * ```
 */
export function selectionOutputs(node: SelectQueryNode): (SelectionOutput | undefined)[] {
  return (node.selections ?? []).map(({ selection }) => outputOf(selection as Node));
}

/**
 * Whether a select reads more than one table (several in its FROM, or a join), so that a bare
 * column name may be any of theirs.
 *
 * @param node - the select's operation node
 * @example
 * ```ts
 * readsTables(db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id").toOperationNode()); // true
 * ```
 */
export function readsTables(node: SelectQueryNode): boolean {
  return (node.from?.froms.length ?? 0) !== 1 || (node.joins?.length ?? 0) > 0;
}

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
  if (readsTables(node)) return () => false;
  const plain = new Set<string>();
  const other = new Set<string>();
  let all = false;
  for (const output of selectionOutputs(node)) {
    // A selection pagewise cannot name might output any name: none is read off the rows.
    if (output === undefined) return () => false;
    if (output.kind === "all") all = true;
    else (output.plain ? plain : other).add(output.name);
  }
  return (name) => (all || plain.has(name)) && !other.has(name);
}

/** What a selection outputs; `undefined` for a selection pagewise cannot name. */
function outputOf(selection: Node): SelectionOutput | undefined {
  if (selection.kind === "SelectAllNode") return { kind: "all" };
  const column = columnOf(selection);
  if (column?.name === undefined && column !== undefined)
    return column.table === undefined ? { kind: "all" } : { kind: "all", table: column.table };
  if (column?.name !== undefined)
    return { kind: "one", name: column.name, ref: column.ref, plain: true };
  const name = selection.kind === "AliasNode" ? identifier(selection.alias as Node) : undefined;
  if (name === undefined) return undefined;
  const aliased = columnOf(selection.node as Node);
  if (aliased?.name === undefined) return { kind: "one", name, plain: false };
  return { kind: "one", name, ref: aliased.ref, plain: aliased.name === name };
}

/** A column reference's column (none for `table.*`), its table, and the reference as written. */
interface ColumnOf {
  readonly name?: string;
  readonly table?: string;
  readonly ref: string;
}

/** The column a reference names (or the table of `table.*`), or `undefined` for anything else. */
function columnOf(node: Node): ColumnOf | undefined {
  if (node.kind === "ColumnNode") {
    const name = identifier(node.column as Node);
    return name === undefined ? undefined : { name, ref: name };
  }
  if (node.kind !== "ReferenceNode") return undefined;
  const table = tableName(node.table as Node | undefined);
  const column = node.column as Node;
  const name = column.kind === "ColumnNode" ? identifier(column.column as Node) : undefined;
  if (column.kind !== "SelectAllNode" && name === undefined) return undefined;
  const ref = [table, name ?? "*"].filter((part) => part !== undefined).join(".");
  return {
    ref,
    ...(name === undefined ? {} : { name }),
    ...(table === undefined ? {} : { table }),
  };
}

/** A table node's name as a reference writes it (`schema.table`, or an alias). */
function tableName(node: Node | undefined): string | undefined {
  if (node?.kind !== "TableNode") return undefined;
  const table = node.table as Node;
  const name = identifier(table.identifier as Node);
  const schema = identifier(table.schema as Node | undefined);
  return schema === undefined || name === undefined ? name : `${schema}.${name}`;
}

/** An identifier's name. */
function identifier(node: Node | undefined): string | undefined {
  return node?.kind === "IdentifierNode" ? (node.name as string) : undefined;
}
