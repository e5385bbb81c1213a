/**
 * The hand-written endpoint's rows with Kysely: the statement pagewise/kysely runs for a cursor
 * page, built per call with Kysely (the keyset in the dialect's best shape, a union read lead
 * first as pagewise reads it), `created_at`'s exact text selected beside it where the driver
 * reads a `Date`, the filtered table's repository first.
 * @packageDocumentation
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Handle } from "./builders-databases.js";
import { type AfterValues, type CursorRows, EXACT_KEY } from "./builders-endpoint.js";
import type { BenchKysely, Tables } from "./builders-kysely.js";
import { type Branch, bestShape, branches, pastOperator } from "./builders-shapes.js";
import { type Column, ORDERS, type Order, REPOSITORY } from "./builders-table.js";

/** The tables an endpoint reads: the big one, or the filtered one in its repository. */
export type EndpointTable = "packages" | "repo_packages";

type Eb = ExpressionBuilder<Tables, "repo_packages">;
const SELECTED = ["id", "name", "status", "created_at", "note"] as const;

/** `created_at` as exact text on `dialect`, where its driver reads a `Date`. */
const exactText = (dialect: Handle["dialect"]) =>
  dialect === "postgres"
    ? sql<string>`created_at::text`
    : dialect === "mysql"
      ? sql<string>`CAST(created_at AS CHAR)`
      : undefined;

/** Whether `order` sorts by `column`. */
export const sortsBy = (order: Order, column: Column): boolean =>
  ORDERS[order].some(([name]) => name === column);

function afterValue(after: AfterValues, column: Column): string {
  const value = after[column];
  if (value === undefined) throw new Error(`no ${column} in the cursor`);
  return value;
}

const range = (eb: Eb, { equal, past }: Branch, after: AfterValues): Expression<SqlBool> =>
  eb.and([
    ...equal.map(([column]) => eb(column, "=", afterValue(after, column))),
    eb(past[0], pastOperator(past), afterValue(after, past[0])),
  ]);

/**
 * A mixed order's lead, as pagewise runs it first: the first term equal to the cursor's, the
 * rest (one direction) past it as a row value: `status = ? AND (created_at, id) < (?, ?)`.
 */
function lead(eb: Eb, order: Order, after: AfterValues): Expression<SqlBool> {
  const [[head], [second, direction], [third]] = ORDERS[order] as unknown as [
    [Column],
    [Column, "asc" | "desc"],
    [Column],
  ];
  return eb.and([
    eb(head, "=", afterValue(after, head)),
    eb(
      eb.refTuple(second, third),
      direction === "asc" ? ">" : "<",
      eb.tuple(afterValue(after, second), afterValue(after, third)),
    ),
  ]);
}

/** The endpoint's rows over `table` with Kysely on `dialect`. */
export function kyselyCursorRows(
  db: BenchKysely,
  dialect: Handle["dialect"],
  table: EndpointTable,
): CursorRows {
  const exact = exactText(dialect);
  const ordered = (order: Order, limit: number) => {
    let query = db
      .selectFrom(table as "repo_packages")
      .select(SELECTED)
      .$if(exact !== undefined && sortsBy(order, "created_at"), (q) =>
        q.select((exact as NonNullable<typeof exact>).as(EXACT_KEY)),
      )
      .$if(table === "repo_packages", (q) =>
        q.where("owner", "=", REPOSITORY.owner).where("repo", "=", REPOSITORY.repo),
      );
    for (const [column, direction] of ORDERS[order]) query = query.orderBy(column, direction);
    return query.limit(limit);
  };
  const union = (order: Order, after: AfterValues, limit: number) => {
    const [nearest, ...others] = branches(order).map((branch, i) =>
      db
        .selectFrom(
          ordered(order, limit)
            .where((eb) => range(eb, branch, after))
            .as(`b${i}`),
        )
        .selectAll(),
    );
    if (nearest === undefined) throw new Error(`no branches for ${order}`);
    let query = others.reduce((all, branch) => all.unionAll(branch), nearest);
    for (const [column, direction] of ORDERS[order]) query = query.orderBy(column, direction);
    return query.limit(limit);
  };
  return async (order, after, limit) => {
    if (after === undefined) return ordered(order, limit).execute();
    const shape = bestShape(dialect, order);
    if (shape === "UNION ALL") {
      const near = await ordered(order, limit)
        .where((eb) => lead(eb, order, after))
        .execute();
      return near.length >= limit ? near : union(order, after, limit).execute();
    }
    if (shape === "OR tree")
      return ordered(order, limit)
        .where((eb) => eb.or(branches(order).map((branch) => range(eb, branch, after))))
        .execute();
    const [[first, direction], [second]] = ORDERS[order] as unknown as [
      [Column, "asc" | "desc"],
      [Column],
    ];
    return ordered(order, limit)
      .where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple(first, second),
          direction === "asc" ? ">" : "<",
          tuple(afterValue(after, first), afterValue(after, second)),
        ),
      )
      .execute();
  };
}
