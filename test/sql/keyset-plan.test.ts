/**
 * The keyset plan's memo: a plan read again for the same columns, dialect, side and NULLs is the
 * one made before, and every plan it gives equals the plan made anew for copies of the columns,
 * whatever cursors came before it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SortColumn, sortColumns } from "../../src/cursor/keyset.js";
import { DIALECT_NAMES, DIALECTS } from "../../src/sql/dialect.js";
import { keysetPlan } from "../../src/sql/keyset-plan.js";

const order = fc
  .array(
    fc.record({
      direction: fc.constantFrom("asc" as const, "desc" as const),
      nullable: fc.boolean(),
      nulls: fc.constantFrom("first" as const, "last" as const, undefined),
    }),
    { minLength: 0, maxLength: 3 },
  )
  .map((front): SortColumn[] => [
    ...front.map(({ nulls, ...c }, i) => ({ name: `c${i}`, ...c, ...(nulls && { nulls }) })),
    { name: "id" },
  ]);

const cursor = fc.option(
  fc.record({
    backward: fc.boolean(),
    nulls: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  }),
  { nil: undefined },
);

describe("keysetPlan", () => {
  it("gives each plan made once, equal to the plan made anew, in any sequence of cursors", () => {
    fc.assert(
      fc.property(
        order,
        fc.constantFrom(...DIALECT_NAMES),
        fc.array(cursor, { minLength: 1, maxLength: 12 }),
        (spec, name, cursors) => {
          const columns = sortColumns(spec);
          const dialect = DIALECTS[name];
          for (const raw of cursors) {
            const at = raw && {
              backward: raw.backward,
              nulls: columns.map((c, i) => c.nullable && (raw.nulls[i] ?? false)),
            };
            const plan = keysetPlan(columns, at, dialect);
            const fresh = keysetPlan(
              columns.map((c) => ({ ...c })),
              at,
              dialect,
            );
            expect(keysetPlan(columns, at, dialect)).toBe(plan);
            expect(plan).toStrictEqual(fresh);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // 32 columns, backward, a NULL in each but the tie-breaker: all 32 bits of a number key, -1,
  // which is the key of no cursor.
  it.each([30, 32])("with %s columns, a plan for its own cursor", (count) => {
    const columns = sortColumns([
      ...Array.from({ length: count - 1 }, (_, i) => ({ name: `c${i}`, nullable: true })),
      { name: "id" },
    ]);
    const at = { backward: true, nulls: columns.map((c) => c.nullable) };
    const dialect = DIALECTS.sqlite;
    const first = keysetPlan(columns, undefined, dialect);
    const fresh = keysetPlan(
      columns.map((c) => ({ ...c })),
      at,
      dialect,
    );
    expect(keysetPlan(columns, at, dialect)).toStrictEqual(fresh);
    expect(first).not.toStrictEqual(fresh);
  });
});
