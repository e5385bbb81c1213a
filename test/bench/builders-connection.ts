/**
 * Where the suite's database is, read from its driver handle, for the libraries that open their
 * own connections to it (TypeORM's data sources, Prisma's adapters).
 * @packageDocumentation
 */
import type { Handle } from "./builders-databases.js";

/** How to reach a database: a PostgreSQL URL, a MariaDB server's parts, or a SQLite file. */
export type Connection =
  | { readonly dialect: "postgres"; readonly url: string }
  | {
      readonly dialect: "mysql";
      readonly host: string;
      readonly port: number;
      readonly user: string;
      readonly password: string;
      readonly database: string;
    }
  | { readonly dialect: "sqlite"; readonly file: string };

/** The connection of `handle`'s database. */
export function connectionOf(handle: Handle): Connection {
  switch (handle.dialect) {
    case "postgres":
      return { dialect: "postgres", url: String(handle.pool.options.connectionString) };
    case "mysql": {
      // mysql2's pool keeps its options as `config.connectionConfig`, untyped.
      const config = (
        handle.pool as unknown as { config: { connectionConfig: Record<string, unknown> } }
      ).config.connectionConfig;
      return {
        dialect: "mysql",
        host: String(config.host),
        port: Number(config.port),
        user: String(config.user),
        password: String(config.password ?? ""),
        database: String(config.database),
      };
    }
    case "sqlite":
      return { dialect: "sqlite", file: handle.database.name };
  }
}

/** TypeORM's data source options for `connection` (its entities added by the caller). */
export function typeormOptions(connection: Connection): Record<string, unknown> {
  switch (connection.dialect) {
    case "postgres":
      return { type: "postgres", url: connection.url, poolSize: 2 };
    case "mysql": {
      const { host, port, user, password, database } = connection;
      return {
        type: "mariadb",
        ...{ host, port, username: user, password, database },
        timezone: "Z",
        poolSize: 2,
      };
    }
    case "sqlite":
      return { type: "better-sqlite3", database: connection.file };
  }
}
