import {
  type Compilable,
  CompiledQuery,
  type ExplainNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  SelectQueryNode,
  sql,
  type UnknownRow,
} from "kysely";
import type { Dialect } from "../../sql/dialect.js";
import { serverSetting } from "../../sql/statement-setting.js";
import { outerBuilder } from "./outer-query.js";

/** A query of the user's, run on its own executor (a transaction's, where built on one). */
export interface OwnQuery<O> {
  withPlugin(plugin: KyselyPlugin): { execute(): Promise<O[]> };
  execute(): Promise<O[]>;
}

/**
 * The last of a query's plugins, after the user's: rewrites the select as they left it (a
 * plugin's node must stay a select, Kysely checks). Rows pass as they come: the user's plugins
 * map them.
 */
class SelectPlugin implements KyselyPlugin {
  constructor(private readonly rewrite: (node: SelectQueryNode) => SelectQueryNode) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return SelectQueryNode.is(node) ? this.rewrite(node) : node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * A select written after `prefix` (`SET STATEMENT … FOR select …`, no parentheses): Kysely's
 * compiler writes a top-level select's `explain` node, whatever its kind, then a space, then
 * `select` (a page's select has no EXPLAIN of its own).
 */
function prefixed(prefix: string): SelectPlugin {
  const explain = RawNode.createWithSql(prefix.trimEnd()) as unknown as ExplainNode;
  return new SelectPlugin((node) =>
    node.explain === undefined ? Object.freeze({ ...node, explain }) : node,
  );
}

/** The select replaced by `SELECT @@variable AS value`, run as the query would be. */
function variableRead<DB>(db: Kysely<DB>, variable: string): SelectPlugin {
  const read = outerBuilder(db).selectNoFrom(sql.raw(`@@${variable}`).as("value"));
  const node = read.toOperationNode();
  return new SelectPlugin(() => node);
}

/**
 * What stands for a Kysely instance's server: its adapter, which the instance and each of its
 * transactions share (a transaction is an instance of its own, made per transaction), so the
 * server is asked once; the instance itself where it has none.
 */
function serverOf<DB>(db: Kysely<DB>): object {
  const executor = (db as { getExecutor?: () => { adapter?: object } }).getExecutor?.();
  return executor?.adapter ?? db;
}

/**
 * Runs a keyset page's query under the dialect's `pageSetting` where the server has it: `SET
 * STATEMENT … FOR ` before the query's SQL, written by a plugin added to the query after the
 * user's, so it runs on the query's own executor (a transaction's, where built on one) and the
 * user's plugins write the query and read the rows; the server's setting is read on that
 * executor too (`SELECT @@variable AS value` in place of the query). Elsewhere the query as it is.
 *
 * @param db - the user's Kysely instance (what stands for the server: its adapter)
 * @param dialect - its dialect
 * @param query - the page's query
 * @returns the query's rows
 * @example
 * ```ts
 * const rows = await underPageSetting(db, dialect, query.limit(31));
 * ```
 */
export async function underPageSetting<DB, O>(
  db: Kysely<DB>,
  dialect: Dialect,
  query: OwnQuery<O>,
): Promise<O[]> {
  const setting = dialect.pageSetting;
  if (setting === undefined) return query.execute();
  const read = async () => {
    const [row] = await query.withPlugin(variableRead(db, setting.variable)).execute();
    return Object.values(row ?? {})[0];
  };
  const prefix = await serverSetting(serverOf(db), setting, read);
  if (prefix === undefined) return query.execute();
  return query.withPlugin(prefixed(prefix)).execute();
}

/**
 * Runs a compiled query of pagewise's own (a union of ranges, run on `db`: `runOuter`) under the
 * dialect's `pageSetting` where the server has it, its SQL after the prefix; elsewhere `plain`.
 *
 * @param db - the user's Kysely instance, which runs the query
 * @param dialect - its dialect
 * @param query - the query
 * @param plain - runs the query as it is
 * @returns the query's rows
 * @example
 * ```ts
 * const rows = await outerUnderPageSetting(db, dialect, union, () => runOuter(db, union));
 * ```
 */
export async function outerUnderPageSetting<DB, O>(
  db: Kysely<DB>,
  dialect: Dialect,
  query: Compilable<O>,
  plain: () => Promise<O[]>,
): Promise<O[]> {
  const setting = dialect.pageSetting;
  if (setting === undefined) return plain();
  const read = async (text: string) => {
    const { rows } = await db.executeQuery<UnknownRow>(CompiledQuery.raw(text, []));
    return Object.values(rows[0] ?? {})[0];
  };
  const prefix = await serverSetting(serverOf(db), setting, read);
  if (prefix === undefined) return plain();
  const compiled = query.compile();
  return (await db.executeQuery<O>({ ...compiled, sql: prefix + compiled.sql })).rows;
}
