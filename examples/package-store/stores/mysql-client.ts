/**
 * MySQL or MariaDB through a mysql2 pool: every wait bounded (a connection attempt, a lock, the
 * pool's queue), so a database that goes away is a 503, never a hang. Sessions run in UTC, and
 * `DATETIME` is read as its text, every digit kept (what a cursor binds back).
 */
import { Kysely, MysqlDialect, sql } from "kysely";
import type { BuilderClient } from "./builder-client.js";
import type { PackageTables } from "./builder-schema.js";
import { guardedDialect } from "./guarded-dialect.js";

/** The pool's limits. */
export const MYSQL_LIMITS = {
  /** A connection attempt, in ms. */
  connectTimeout: 2_000,
  /** Connections open at most. */
  connectionLimit: 10,
  /** Requests waiting for a connection at most; more are refused at once. */
  queueLimit: 500,
  /** A row lock's wait, in s (InnoDB's `innodb_lock_wait_timeout`, 50 by default). */
  lockWaitSeconds: 5,
} as const;

/**
 * Opens a pool on `DATABASE_URL`.
 *
 * @param url - e.g. `mysql://user:password@127.0.0.1:3306/packages`
 * @example
 * ```ts
 * const client = await mysqlClient("mysql://pagewise:pagewise@127.0.0.1:3306/pagewise");
 * ```
 */
export async function mysqlClient(url: string): Promise<BuilderClient> {
  const { createPool } = await import("mysql2");
  const { connectTimeout, connectionLimit, queueLimit, lockWaitSeconds } = MYSQL_LIMITS;
  const pool = createPool({
    uri: url,
    connectTimeout,
    connectionLimit,
    queueLimit,
    dateStrings: true,
  });
  const db = new Kysely<PackageTables>({
    dialect: guardedDialect(
      new MysqlDialect({
        pool,
        onCreateConnection: async (connection) => {
          await connection.executeQuery(
            sql`SET time_zone = '+00:00', innodb_lock_wait_timeout = ${sql.lit(lockWaitSeconds)}`.compile(
              db,
            ),
          );
        },
      }),
    ),
  });
  try {
    await sql`SELECT 1`.execute(db); // unreachable: rejects here, with the 503 problem
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    kind: "mysql",
    dialect: "mysql",
    db,
    isoTime: (stored) => `${stored.replace(" ", "T")}Z`,
  };
}
