import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from "typeorm";
import type { Dialect } from "../../sql/dialect.js";
import { serverSetting } from "../../sql/statement-setting.js";

/**
 * The query runner a query builder runs on: its own (a transaction's, where the builder was made
 * by a transaction's manager), read as TypeORM's own `execute()` reads it (a protected member),
 * or `undefined` for one the data source lends per query.
 */
function ownRunner(qb: SelectQueryBuilder<ObjectLiteral>): QueryRunner | undefined {
  return (qb as unknown as { readonly queryRunner?: QueryRunner }).queryRunner;
}

/**
 * Runs `read` on a query builder with each `SELECT` it sends put under the dialect's
 * `pageSetting` where the server has it (`SET STATEMENT … FOR ` before its SQL, MariaDB; the
 * server's setting read once per data source, `serverSetting`): on the builder's own query runner
 * (a transaction's) or one lent by the data source for the read, as TypeORM's own reads run.
 * Elsewhere `read` runs as it is.
 *
 * @param qb - the statement's query builder (a clone of the user's: its runner is set)
 * @param dialect - the database's dialect
 * @param read - the builder's read (`getRawMany`, `getRawAndEntities`)
 * @returns what `read` gives
 * @example
 * ```ts
 * const { entities, raw } = await underPageSetting(query, DIALECTS.mysql, (q) => q.getRawAndEntities());
 * ```
 */
export async function underPageSetting<Q extends SelectQueryBuilder<ObjectLiteral>, T>(
  qb: Q,
  dialect: Dialect,
  read: (qb: Q) => Promise<T>,
): Promise<T> {
  const setting = dialect.pageSetting;
  if (setting === undefined) return read(qb);
  const { dataSource } = qb;
  const ask = async (text: string) => {
    const rows = (await dataSource.query(text)) as Record<string, unknown>[];
    return Object.values(rows[0] ?? {})[0];
  };
  const prefix = await serverSetting(dataSource, setting, ask);
  if (prefix === undefined) return read(qb);
  const own = ownRunner(qb);
  const runner = own ?? dataSource.createQueryRunner();
  try {
    qb.setQueryRunner(prefixed(runner, prefix));
    return await read(qb);
  } finally {
    if (own === undefined) await runner.release();
  }
}

/** A query runner that sends each `SELECT` after `prefix`, anything else as it is. */
function prefixed(runner: QueryRunner, prefix: string): QueryRunner {
  return new Proxy(runner, {
    get(target, property) {
      if (property === "query") {
        return (sql: string, ...rest: unknown[]) =>
          (target.query as (...args: unknown[]) => unknown)(
            /^\s*select\b/i.test(sql) ? prefix + sql : sql,
            ...rest,
          );
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The raw rows of a keyset page's statement of keys, bounded by a cursor, under the dialect's
 * `pageSetting` where the server has it (`underPageSetting`); elsewhere as the builder runs it.
 *
 * @param qb - the statement, a query builder of raw rows
 * @param dialect - the database's dialect
 * @returns the statement's raw rows
 * @example
 * ```ts
 * const rows = await rawUnderPageSetting(keysQuery, DIALECTS.mysql);
 * ```
 */
export function rawUnderPageSetting(
  qb: SelectQueryBuilder<ObjectLiteral>,
  dialect: Dialect,
): Promise<Record<string, unknown>[]> {
  return underPageSetting(qb, dialect, (q) => q.getRawMany());
}
