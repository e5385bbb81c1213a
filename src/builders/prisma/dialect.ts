import { assertOption } from "../../option-checks.js";
import { DIALECT_NAMES, DIALECTS, type Dialect, type DialectName } from "../../sql/dialect.js";
import type { PrismaDelegate } from "./types.js";

/**
 * A database as Prisma queries it: its own facts where they hold through Prisma (where NULLs sort,
 * whether it has a NULLS clause, whether a union of ranges pays), and what Prisma's query
 * language gives instead of SQL text: no row value (a keyset written out), no EXPLAIN a list can
 * read, no statement setting, bigints bound as `bigint`, timestamps as `Date`. Where the database
 * has no NULLS clause (MariaDB), Prisma writes `col IS NULL` first, as pagewise would: the plan
 * splits a page where that flag would order it (`flaggedPlan`), so that no range is sorted by it.
 */
function throughPrisma(dialect: Dialect): Dialect {
  return {
    ...dialect,
    rowValueRange: false,
    pageSetting: undefined,
    explain: undefined,
    estimates: false,
    timestampsAsText: false,
    bigintsBoundAsText: false,
  };
}

/** Each database's facts through Prisma, by pagewise's dialect name. */
export const PRISMA_DIALECTS: { readonly [N in DialectName]: Dialect } = {
  postgres: throughPrisma(DIALECTS.postgres),
  mysql: throughPrisma(DIALECTS.mysql),
  sqlite: throughPrisma(DIALECTS.sqlite),
};

/** Prisma's provider names (`datasource db { provider }`) and the dialects they are. */
const PROVIDERS: Readonly<Record<string, DialectName>> = {
  postgresql: "postgres",
  mysql: "mysql",
  sqlite: "sqlite",
};

/** The client a model's delegate belongs to (Prisma's `$parent`), or `undefined`. */
export function clientOf(delegate: PrismaDelegate): Record<string, unknown> | undefined {
  const parent = (delegate as { $parent?: unknown }).$parent;
  return typeof parent === "object" && parent !== null
    ? (parent as Record<string, unknown>)
    : undefined;
}

/**
 * The dialect of a Prisma model's database: the one named, or the provider its client was
 * generated for (the client's `activeProvider`).
 *
 * @param name - the factory (`prismaPages`), named in its errors
 * @param delegate - the model's delegate (`prisma.package`)
 * @param named - the `dialect` option
 * @throws {TypeError} for a provider pagewise does not serve, or a client whose provider cannot be read
 * @example
 * ```ts
 * prismaDialect("prismaPages", prisma.package, undefined); // PRISMA_DIALECTS.sqlite
 * ```
 */
export function prismaDialect(name: string, delegate: PrismaDelegate, named: unknown): Dialect {
  if (named !== undefined) {
    assertOption("dialect", named, DIALECT_NAMES);
    return PRISMA_DIALECTS[named as DialectName];
  }
  const config = clientOf(delegate)?._engineConfig as { activeProvider?: unknown } | undefined;
  const provider = config?.activeProvider;
  const dialect = typeof provider === "string" ? PROVIDERS[provider] : undefined;
  if (dialect !== undefined) return PRISMA_DIALECTS[dialect];
  const found = typeof provider === "string" ? `its provider is "${provider}"` : "it names none";
  throw new TypeError(
    `${name} serves PostgreSQL, MySQL/MariaDB and SQLite through Prisma, and ${found}: give dialect: "postgres", "mysql" or "sqlite" if the client's database is one of them`,
  );
}
