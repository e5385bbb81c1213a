/**
 * The keyset plan against the in-memory comparison: evaluated with SQL's three-valued logic on
 * random rows, the one predicate and the union of the branches select exactly the rows beyond
 * the cursor in the order, the branches are disjoint, for every order, side and shape.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareSortValues,
  type KeysetColumn,
  type SortColumn,
  sortColumns,
} from "../../src/cursor/keyset.js";
import { boundedOrder } from "../../src/sql/bounded-order.js";
import type { Condition } from "../../src/sql/condition.js";
import { DIALECTS, type DialectName } from "../../src/sql/dialect.js";
import { dialectColumns } from "../../src/sql/dialect-columns.js";
import type { KeysetCursor } from "../../src/sql/keyset-condition.js";
import {
  keysetBranches,
  keysetCondition,
  keysetLead,
  keysetLeadSpansField,
} from "../../src/sql/keyset-condition.js";
import { keysetPlan } from "../../src/sql/keyset-plan.js";
import { orderTerms } from "../../src/sql/order-by.js";

type Value = number | null;

/** SQL's reading of a condition for one row: true, false or unknown (`null`). */
function evaluate(condition: Condition, row: readonly Value[], cursor: readonly Value[]) {
  const compare = (a: Value, b: Value, op: string): boolean | null => {
    if (a === null || b === null) return null;
    return { "=": a === b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b }[op] ?? null;
  };
  const walk = (c: Condition): boolean | null => {
    switch (c.kind) {
      case "constant":
        return c.value;
      case "null":
        return (row[c.column] === null) !== c.negated;
      case "compare": {
        if (c.columns.length === 1) {
          const place = c.columns[0] as number;
          return compare(row[place] ?? null, cursor[place] ?? null, c.operator);
        }
        for (const place of c.columns) {
          const [a, b] = [row[place] ?? null, cursor[place] ?? null];
          if (a === null || b === null) return null;
          if (a !== b) return compare(a, b, c.operator.replace("=", ""));
        }
        return c.operator.includes("=");
      }
      case "and": {
        const parts = c.parts.map(walk);
        return parts.includes(false) ? false : parts.includes(null) ? null : true;
      }
      default: {
        const parts = c.parts.map(walk);
        return parts.includes(true) ? true : parts.includes(null) ? null : false;
      }
    }
  };
  return walk(condition) === true;
}

const spec = fc
  .array(
    fc.record({
      direction: fc.constantFrom("asc" as const, "desc" as const),
      nullable: fc.boolean(),
      nulls: fc.constantFrom("first" as const, "last" as const),
    }),
    { minLength: 0, maxLength: 3 },
  )
  .chain((front) =>
    fc.record({
      front: fc.constant(front),
      last: fc.constantFrom("asc" as const, "desc" as const),
    }),
  )
  .map(({ front, last }): SortColumn[] => [
    ...front.map((c, i) => ({ name: `c${i}`, ...c })),
    { name: "id", direction: last },
  ]);

const small = fc.integer({ min: 0, max: 3 });

describe("keysetCondition and keysetBranches", () => {
  it("select the rows beyond the cursor, the branches disjoint, in every shape", () => {
    fc.assert(
      fc.property(
        spec,
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.array(fc.option(small, { nil: null }), { minLength: 4, maxLength: 4 }), {
          maxLength: 30,
        }),
        fc.array(fc.option(small, { nil: null }), { minLength: 4, maxLength: 4 }),
        (order, backward, rowValues, raw, rawCursor) => {
          const columns = sortColumns(order);
          const shape = (values: readonly Value[]) =>
            columns.map((c, i) => (c.nullable ? (values[i] ?? null) : (values[i] ?? 0)));
          const rows = raw.map(shape).map((r, i) => [...r.slice(0, -1), i] as Value[]);
          const cursor = [...shape(rawCursor).slice(0, -1), 7];
          const at = { backward, nulls: cursor.map((v) => v === null) };
          const where = keysetCondition(columns, at, rowValues);
          const unbounded = keysetCondition(columns, at, rowValues, false);
          const branches = keysetBranches(columns, at, rowValues);
          for (const row of rows) {
            const order = compareSortValues(columns, row, cursor);
            const expected = backward ? order < 0 : order > 0;
            expect(evaluate(where, row, cursor)).toBe(expected);
            expect(evaluate(unbounded, row, cursor)).toBe(expected);
            const matched = branches.filter((b) => evaluate(b, row, cursor)).length;
            expect(matched).toBe(expected ? 1 : 0);
          }
          // The lead's rows come before every other branch's, in the walk's direction.
          const lead = keysetLead(columns, at, rowValues);
          const led = rows.filter((r) => evaluate(lead, r, cursor));
          const rest = rows.filter(
            (r) => !led.includes(r) && branches.some((b) => evaluate(b, r, cursor)),
          );
          for (const a of led) {
            for (const b of rest) {
              const order = compareSortValues(columns, a, b);
              expect(backward ? order > 0 : order < 0).toBe(true);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("fixes the same ORDER BY terms with the bound on the first column as without it", () => {
    fc.assert(
      fc.property(
        spec,
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (order, backward, rawNulls) => {
          const columns = dialectColumns(sortColumns(order), DIALECTS.mysql);
          const nulls = columns.map((c, i) => c.nullable && (rawNulls[i] ?? false));
          const at = { backward, nulls };
          const terms = orderTerms(columns, DIALECTS.mysql, backward);
          const bounded = boundedOrder(terms, keysetCondition(columns, at, false));
          expect(boundedOrder(terms, keysetCondition(columns, at, false, false))).toStrictEqual(
            bounded,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("gives every row without a cursor", () => {
    const columns = sortColumns([{ name: "id" }]);
    expect([
      keysetCondition(columns, undefined, true),
      keysetBranches(columns, undefined, true),
    ]).toStrictEqual([{ kind: "constant", value: true }, [{ kind: "constant", value: true }]]);
  });

  it.each<[string, SortColumn[], boolean, Condition]>([
    [
      "one way where row values are ranges: one row value",
      [{ name: "a" }, { name: "id" }],
      true,
      { kind: "compare", columns: [0, 1], operator: ">" },
    ],
    [
      "one way where they are not (MariaDB): written out behind a bound",
      [{ name: "a" }, { name: "id" }],
      false,
      {
        kind: "and",
        parts: [
          { kind: "compare", columns: [0], operator: ">=" },
          {
            kind: "or",
            parts: [
              { kind: "and", parts: [{ kind: "compare", columns: [0], operator: ">" }] },
              {
                kind: "and",
                parts: [
                  { kind: "compare", columns: [0], operator: "=" },
                  { kind: "compare", columns: [1], operator: ">" },
                ],
              },
            ],
          },
        ],
      },
    ],
  ])("%s", (_name, order, rowValues, expected) => {
    const at = { backward: false, nulls: [false, false] };
    expect(keysetCondition(sortColumns(order), at, rowValues)).toStrictEqual(expected);
  });

  it.each<[string, boolean, number]>([
    ["row values: the cursor's prefix, then one row value of the trailing run", true, 2],
    ["no row values: one branch per column", false, 3],
  ])("branches of status, -created_at, -id: %s", (_name, rowValues, count) => {
    const columns = sortColumns([
      { name: "status" },
      { name: "created_at", direction: "desc" },
      { name: "id", direction: "desc" },
    ]);
    const at = { backward: false, nulls: [false, false, false] };
    expect(keysetBranches(columns, at, rowValues)).toHaveLength(count);
  });
});

describe("keysetLeadSpansField", () => {
  const mixed = sortColumns([
    { name: "status" },
    { name: "created_at", direction: "desc" },
    { name: "id", direction: "desc" },
  ]);
  const score = sortColumns([{ name: "score", nullable: true, nulls: "last" }, { name: "id" }]);
  const nameDown = sortColumns([{ name: "name" }, { name: "id", direction: "desc" }]);
  it.each<[string, readonly KeysetColumn[], readonly boolean[], boolean, boolean]>([
    [
      "status = x AND (created_at, id) < (y, z): a stretch of status",
      mixed,
      [false, false, false],
      true,
      true,
    ],
    [
      "status = x AND created_at = y AND id < z: ties alone",
      mixed,
      [false, false, false],
      false,
      false,
    ],
    ["name = x AND id < y: ties alone", nameDown, [false, false], true, false],
    ["score = x AND id > y: ties alone", score, [false, false], true, false],
    ["score IS NULL AND id > y: the NULLs' ties alone", score, [true, false], true, false],
  ])("%s", (_name, columns, nulls, rowValues, spans) => {
    const cursor = { backward: false, nulls };
    expect(keysetLeadSpansField(columns, cursor, rowValues)).toBe(spans);
  });
});

describe("keysetPlan", () => {
  const mixed = sortColumns([
    { name: "status", nullable: true },
    { name: "created_at", direction: "desc" },
    { name: "id", direction: "desc" },
  ]);
  const oneWay = sortColumns([{ name: "name" }, { name: "id" }]);
  const at = (n: number) => ({ backward: false, nulls: Array<boolean>(n).fill(false) });

  const score = sortColumns([{ name: "score", nullable: true }, { name: "id" }]);
  it.each<[string, readonly KeysetColumn[], DialectName, string, number | undefined, boolean]>([
    ["one way on PostgreSQL: one row value", oneWay, "postgres", "compare", undefined, false],
    ["one way on SQLite: one row value", oneWay, "sqlite", "compare", undefined, false],
    // MariaDB reads the OR as ranges itself: no bound on the first column ahead of it.
    ["one way on MariaDB: written out", oneWay, "mysql", "or", undefined, false],
    // NULLs last ascending: still ahead, so no bound on status; the NULLs a branch of their own.
    ["mixed on PostgreSQL: a union of ranges", mixed, "postgres", "or", 3, true],
    // NULLs first ascending: behind the walk, so a bound on status, and no NULL branch.
    ["mixed on SQLite: a union of ranges", mixed, "sqlite", "and", 2, true],
    [
      "mixed on MariaDB: one written-out predicate, no bound, no union",
      mixed,
      "mysql",
      "or",
      undefined,
      false,
    ],
    // The branch nearest the cursor would hold the cursor's ties alone: no lead.
    ["a nullable field on PostgreSQL: a union without a lead", score, "postgres", "or", 3, false],
  ])("%s", (_name, columns, dialect, kind, branches, led) => {
    const plan = keysetPlan(columns, at(columns.length), DIALECTS[dialect]);
    expect([plan.where.kind, plan.union?.length]).toStrictEqual([kind, branches]);
    expect(plan.lead !== undefined).toBe(led);
    if (plan.lead !== undefined) {
      // The lead is one of the branches: keysetLead's, in the union's order.
      const cursor = at(columns.length);
      const placed = plan.columns;
      expect(plan.union).toContainEqual(plan.lead.where);
      expect(plan.lead.where).toStrictEqual(keysetLead(placed, cursor, true));
      expect(plan.lead.order).toStrictEqual(plan.order);
    }
  });

  const descending = sortColumns([
    { name: "score", nullable: true, direction: "desc" },
    { name: "id", direction: "desc" },
  ]);
  it.each<[string, readonly boolean[], readonly number[]]>([
    ["within the NULLs: by the key alone", [true, false], [1]],
    ["among the values: by both", [false, false], [0, 1]],
  ])("orders -score on MariaDB %s", (_name, nulls, places) => {
    const plan = keysetPlan(descending, { backward: false, nulls }, DIALECTS.mysql);
    expect(plan.order.map((t) => t.place)).toStrictEqual(places);
  });

  // NULLs set last ascending: contrary to MariaDB's place; its flag orders no index.
  const last = sortColumns([{ name: "score", nullable: true, nulls: "last" }, { name: "id" }]);
  const places = (order: readonly { place: number; nullFlag?: string | undefined }[]) =>
    order.map((t) => `${t.place}${t.nullFlag ?? ""}`);
  it.each<[string, KeysetCursor | undefined, string[][] | undefined, string[], number | undefined]>(
    [
      // The lead: the values, which the order puts first.
      ["the first page: the values, the NULLs", undefined, [["0", "1"], ["1"]], ["0", "1"], 0],
      [
        // No lead: the branch nearest the cursor holds its ties alone.
        "a cursor on a value, NULLs ahead: the values beyond, the NULLs, the value's ties",
        { backward: false, nulls: [false, false] },
        [["0", "1"], ["1"], ["0", "1"]],
        ["0", "1"],
        undefined,
      ],
      [
        "a cursor among the NULLs: one predicate, by the key",
        { backward: false, nulls: [true, false] },
        undefined,
        ["1"],
        undefined,
      ],
    ],
  )("orders NULLs set last on MariaDB: %s", (_name, cursor, branches, order, leadPlace) => {
    const plan = keysetPlan(last, cursor, DIALECTS.mysql);
    expect(plan.branchOrders?.map(places)).toStrictEqual(branches);
    expect(places(plan.order)).toStrictEqual(plan.union === undefined ? order : ["0asc", "1"]);
    // The lead is one of the branches, queried as its branch is: in that branch's bounded order.
    const lead = JSON.stringify(plan.lead?.where);
    const place = plan.union?.findIndex((branch) => JSON.stringify(branch) === lead);
    expect(plan.lead && place).toBe(leadPlace);
    expect(plan.lead?.order).toStrictEqual(plan.branchOrders?.[leadPlace ?? -1]);
  });

  it("puts NULLs where the dialect does unless the order says", () => {
    const first = (dialect: DialectName) => keysetPlan(mixed, undefined, DIALECTS[dialect]);
    expect([
      first("postgres").columns[0]?.nullsFirst,
      first("sqlite").columns[0]?.nullsFirst,
    ]).toStrictEqual([false, true]);
    expect(first("mysql").order.map((t) => t.nullFlag ?? t.nulls)).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
