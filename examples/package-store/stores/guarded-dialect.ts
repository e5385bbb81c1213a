/**
 * A Kysely dialect whose faults are the API's 503 problem: every query (and every connection
 * taken from the pool) that fails for want of the database rejects with `serviceUnavailable`,
 * wherever it runs, in the store's own queries or in pagewise's handlers.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from "kysely";
import { databaseFault } from "pagewise/sql";

/** Runs `work`; a database fault it rejects with becomes the 503 problem. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseFault(error) ?? error;
  }
}

/** The driver's connection behind each guarded one (the driver's own methods take its own). */
const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

function guardedConnection(connection: DatabaseConnection): DatabaseConnection {
  const outer: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
      guarded(() => connection.executeQuery<R>(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
  inner.set(outer, connection);
  return outer;
}

const own = (connection: DatabaseConnection) => inner.get(connection) ?? connection;

function guardedDriver(driver: Driver): Driver {
  return {
    init: () => guarded(() => driver.init()),
    acquireConnection: async () =>
      guardedConnection(await guarded(() => driver.acquireConnection())),
    beginTransaction: (connection, settings) =>
      guarded(() => driver.beginTransaction(own(connection), settings)),
    commitTransaction: (connection) => guarded(() => driver.commitTransaction(own(connection))),
    rollbackTransaction: (connection) => guarded(() => driver.rollbackTransaction(own(connection))),
    releaseConnection: (connection) => driver.releaseConnection(own(connection)),
    destroy: () => driver.destroy(),
  };
}

/**
 * The dialect with its faults made the 503 problem.
 *
 * @param dialect - Kysely's dialect for the database (`SqliteDialect`, `MysqlDialect`, …)
 * @example
 * ```ts
 * const db = new Kysely<PackageTables>({ dialect: guardedDialect(new MysqlDialect({ pool })) });
 * ```
 */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createDriver: () => guardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
