import { type CountValue, capCount } from "../../page/count-value.js";
import type { CountQuery } from "../../sql/count-strategy.js";
import type { PrismaDelegate } from "./types.js";

/**
 * A query's count, as a list's count strategy asks for it: exact (`count({ where })`) or capped (a
 * count of at most `cap + 1` rows, `count({ where, take })`, `{ atLeast }` beyond). Prisma writes
 * no estimate a list can read: the factories refuse `"estimate"` when a list is defined.
 *
 * @param delegate - the model's delegate
 * @param where - the query's `where`
 * @param strategy - the count to run (`"exact"` or `{ cap }`)
 * @example
 * ```ts
 * await prismaCount(prisma.package, { status: "active" }, { cap: 10_000 }); // 42
 * ```
 */
export async function prismaCount(
  delegate: PrismaDelegate,
  where: unknown,
  strategy: Exclude<CountQuery, "estimate">,
): Promise<CountValue> {
  const filter = where === undefined ? {} : { where };
  if (strategy === "exact") return Number(await delegate.count(filter));
  const counted = Number(await delegate.count({ ...filter, take: strategy.cap + 1 }));
  return capCount(counted, strategy.cap);
}
