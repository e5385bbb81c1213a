/**
 * Kysely over PGlite (PostgreSQL in WebAssembly, in this process), so the Kysely suites run on
 * PostgreSQL in the main suite: Kysely's own PostgreSQL adapter, compiler and introspector, and a
 * driver of one connection that runs each compiled query through PGlite's `query` (PGlite runs
 * one query at a time itself). No package of the registry does only this; it is a few lines.
 */
import type { PGlite } from "@electric-sql/pglite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.db.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected === undefined ? {} : { numAffectedRows: BigInt(affected) }),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursor to stream from; refused.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported over PGlite");
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  constructor(private readonly db: PGlite) {
    this.connection = new PgliteConnection(db);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    await this.db.exec("BEGIN");
  }
  async commitTransaction(): Promise<void> {
    await this.db.exec("COMMIT");
  }
  async rollbackTransaction(): Promise<void> {
    await this.db.exec("ROLLBACK");
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.db.close();
  }
}

/** A Kysely dialect over an open PGlite database; `db.destroy()` closes it. */
export function pgliteDialect(db: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (kysely: Kysely<unknown>) => new PostgresIntrospector(kysely),
  };
}
