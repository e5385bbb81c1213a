import type { Dialect } from "../../sql/dialect.js";
import { clientOf } from "./dialect.js";
import type { KeysetRunner } from "./keyset.js";
import type { RawQuery } from "./timestamp-precision.js";
import type { PrismaDelegate } from "./types.js";
import { valueLists } from "./value-lists.js";

/**
 * The isolation level of one snapshot for a page's reads, where the database's default gives a
 * snapshot a statement (PostgreSQL's READ COMMITTED); InnoDB's REPEATABLE READ and SQLite's
 * transactions hold one already.
 */
const SNAPSHOT_LEVELS: Readonly<Record<Dialect["name"], string | undefined>> = {
  postgres: "RepeatableRead",
  mysql: undefined,
  sqlite: undefined,
};

/**
 * How a keyset page's queries run on a model: on its delegate, or inside one interactive
 * transaction of its client (`$transaction`, Prisma's bounds: 2 s to start, 5 s to finish), on
 * the transaction's delegate of the same model. The client is the delegate's own (`$parent`), or
 * the one given: an extended client's delegate (`prisma.$extends(…).post`) names the client it
 * extends as its `$parent`, whose transactions would skip the extension's query hooks (a soft
 * delete's filter). Given no client of its own, such a delegate's ranges run one after another
 * on it, outside a transaction (`inSnapshot` then runs them as they are).
 *
 * @param name - the factory (`prismaCursorPages`), named in its errors
 * @param delegate - the model's delegate (`prisma.package`)
 * @param dialect - the database's dialect
 * @param given - the `client` option: the (extended) client the delegate belongs to
 * @throws {TypeError} when the delegate is not a Prisma model's (no client or model name), or is
 *   not the given client's
 * @example
 * ```ts
 * const runner = keysetRunner("prismaCursorPages", prisma.package, dialect, undefined);
 * ```
 */
export function keysetRunner(
  name: string,
  delegate: PrismaDelegate,
  dialect: Dialect,
  given: unknown,
): KeysetRunner {
  const parent = clientOf(delegate);
  const key = modelKey(delegate);
  if (typeof parent?.$transaction !== "function" || key === undefined) {
    throw new TypeError(
      `${name} takes a Prisma model's delegate, such as prisma.package: the one given has no client ($parent) or model name ($name)`,
    );
  }
  const client = (given ?? parent) as Record<string, unknown>;
  if (given !== undefined && client[key] !== delegate) {
    throw new TypeError(
      `${name}'s client option is the client the delegate belongs to (client: xprisma for xprisma.${key}); the delegate given is not its ${key}`,
    );
  }
  const raw = (parent.$queryRawUnsafe as RawQuery).bind(parent);
  const isolationLevel = SNAPSHOT_LEVELS[dialect.name];
  const options = isolationLevel === undefined ? undefined : { isolationLevel };
  const transaction = client.$transaction as (...args: unknown[]) => Promise<never>;
  const own = client[key] === delegate;
  return {
    delegate,
    raw,
    lists: valueLists(delegate, dialect),
    inSnapshot: own
      ? (steps) =>
          transaction.call(
            client,
            (tx: Record<string, unknown>) =>
              steps(tx[key] as PrismaDelegate, (tx.$queryRawUnsafe as RawQuery).bind(tx)),
            options,
          )
      : (steps) => steps(delegate, raw),
  };
}

/** The client's name of a delegate's model (`post` for `Post`), or `undefined` without one. */
export function modelKey(delegate: PrismaDelegate): string | undefined {
  const model = (delegate as { $name?: unknown }).$name;
  return typeof model === "string" ? model.charAt(0).toLowerCase() + model.slice(1) : undefined;
}
