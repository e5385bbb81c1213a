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
 * The raw rows of a keyset page's statement of keys, bounded by a cursor, under the dialect's
 * `pageSetting` where the server has it (`SET STATEMENT … FOR ` before its SQL, MariaDB; the
 * server's setting read once per data source, `serverSetting`), on the builder's own query runner
 * (a transaction's) or one lent by the data source; elsewhere as the builder runs it.
 *
 * @param qb - the statement, a query builder of raw rows
 * @param dialect - the database's dialect
 * @returns the statement's raw rows
 * @example
 * ```ts
 * const rows = await rawUnderPageSetting(keysQuery, DIALECTS.mysql);
 * ```
 */
export async function rawUnderPageSetting(
  qb: SelectQueryBuilder<ObjectLiteral>,
  dialect: Dialect,
): Promise<Record<string, unknown>[]> {
  const setting = dialect.pageSetting;
  if (setting === undefined) return qb.getRawMany();
  const { dataSource } = qb;
  const read = async (text: string) => {
    const rows = (await dataSource.query(text)) as Record<string, unknown>[];
    return Object.values(rows[0] ?? {})[0];
  };
  const prefix = await serverSetting(dataSource, setting, read);
  if (prefix === undefined) return qb.getRawMany();
  const [sql, parameters] = qb.getQueryAndParameters();
  const own = ownRunner(qb);
  const runner = own ?? dataSource.createQueryRunner();
  try {
    return (await runner.query(prefix + sql, parameters)) as Record<string, unknown>[];
  } finally {
    if (own === undefined) await runner.release();
  }
}
