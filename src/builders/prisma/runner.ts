import type { Dialect } from "../../sql/dialect.js";
import { clientOf } from "./dialect.js";
import type { KeysetRunner } from "./keyset.js";
import type { RawQuery } from "./timestamp-precision.js";
import type { PrismaDelegate } from "./types.js";

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
 * the transaction's delegate of the same model.
 *
 * @param name - the factory (`prismaCursorPages`), named in its errors
 * @param delegate - the model's delegate (`prisma.package`)
 * @param dialect - the database's dialect
 * @throws {TypeError} when the delegate is not a Prisma model's (no client or model name)
 * @example
 * ```ts
 * const runner = keysetRunner("prismaCursorPages", prisma.package, dialect);
 * ```
 */
export function keysetRunner(
  name: string,
  delegate: PrismaDelegate,
  dialect: Dialect,
): KeysetRunner {
  const client = clientOf(delegate);
  const model = (delegate as { $name?: unknown }).$name;
  const key = typeof model === "string" ? model.charAt(0).toLowerCase() + model.slice(1) : "";
  const transaction = client?.$transaction;
  if (typeof transaction !== "function" || typeof client?.[key] !== "object") {
    throw new TypeError(
      `${name} takes a Prisma model's delegate, such as prisma.package: the one given has no client ($parent) or model name ($name)`,
    );
  }
  const isolationLevel = SNAPSHOT_LEVELS[dialect.name];
  const options = isolationLevel === undefined ? undefined : { isolationLevel };
  return {
    delegate,
    raw: (client.$queryRawUnsafe as RawQuery).bind(client),
    inSnapshot: (steps) =>
      transaction.call(
        client,
        (tx: Record<string, unknown>) =>
          steps(tx[key] as PrismaDelegate, (tx.$queryRawUnsafe as RawQuery).bind(tx)),
        options,
      ),
  };
}
