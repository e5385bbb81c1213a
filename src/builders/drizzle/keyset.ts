import { sql } from "drizzle-orm";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Condition } from "../../sql/condition.js";
import type { Dialect } from "../../sql/dialect.js";
import { leadFirst } from "../../sql/lead-first.js";
import type { OrderTerm } from "../../sql/order-by.js";
import type { KeysetRequest } from "../list-setup.js";
import { hiddenFields } from "./exact-values.js";
import { keysetWhere } from "./keyset-where.js";
import { orderBy } from "./order.js";
import { underPageSetting } from "./page-setting.js";
import type { DrizzleRow, KeysetSource } from "./source.js";
import { distinctSelect } from "./source-outputs.js";
import { type DrizzleDatabase, type SelectChain, selectOf } from "./types.js";

/**
 * A keyset page's rows: one select, or a UNION ALL of one per branch of the plan, run lead first
 * (`leadFirst`: the branch nearest the cursor alone, the union only when it comes back short),
 * each under the dialect's page setting where the server has one (`underPageSetting`). The
 * select is the source's, with the values at `apart` selected beside the user's columns and the
 * columns at `raw` read as the driver gives them.
 *
 * @param db - the Drizzle database
 * @param source - the user's select as a source of rows
 * @param read - the places selected apart, the columns read raw
 * @param keyset - where the page lies: the order, the plan, the bound values, the cursor
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * const rows = await keysetSelect(db, source, { apart: new Set([1]), raw: new Set() }, keyset, dialect);
 * ```
 */
export function keysetSelect(
  db: DrizzleDatabase,
  source: KeysetSource,
  { apart, raw }: { apart: ReadonlySet<number>; raw: ReadonlySet<string> },
  { terms, plan, value, cursor }: KeysetRequest,
  dialect: Dialect,
): PromiseLike<DrizzleRow[]> {
  const { values, limit } = cursor;
  const column = (place: number) => source.column((terms[place] as SortTerm).column);
  const fields = hiddenFields(terms, apart, (t) => source.column(t.column), dialect);
  // The first page's plan has no bound: nothing to add to the select's own `where`.
  const filter = (where: Condition) =>
    where.kind === "constant" && where.value ? undefined : keysetWhere(where, column, value);
  const branch = (where: Condition, order = plan.order) =>
    source
      .select(fields, filter(where), raw)
      .orderBy(...orderBy(order, column))
      .limit(limit);
  const { union, lead } = plan;
  // Each statement bounded by a cursor run under the dialect's page setting, where the server has
  // one (MariaDB); a first page's (no bound: the same plan) as it is.
  const run = (select: SelectChain) =>
    values === undefined ? select : underPageSetting(db, dialect, select);
  if (union === undefined) return run(branch(plan.where));
  const whole = () =>
    run(
      unionSelect(
        db,
        union.map((where, i) => branch(where, plan.branchOrders?.[i])),
        terms,
        plan.order,
        limit,
      ),
    );
  if (lead === undefined) return whole();
  return leadFirst(() => run(branch(lead.where, lead.order)), whole, limit);
}

/** The branches' selects as subqueries, merged by UNION ALL in the order, at most `limit` rows. */
function unionSelect(
  db: DrizzleDatabase,
  branches: readonly SelectChain[],
  terms: readonly SortTerm[],
  order: readonly OrderTerm[],
  limit: number,
): SelectChain {
  const select = selectOf(db);
  const [first, ...rest] = branches.map((branch, i) =>
    // A subquery's columns are read by name: outputs of one name (a join's) are aliased apart.
    select().from(distinctSelect(branch).as(`__pagewise_branch_${i}`)),
  );
  const union = rest.reduce((all, next) => all.unionAll(next), first as SelectChain);
  // A compound select's ORDER BY names its output columns: the user's, as the query names them.
  const output = (place: number) => sql.identifier((terms[place] as SortTerm).column);
  return union.orderBy(...orderBy(order, output)).limit(limit);
}
