import { describe, expect, it } from "vitest";
import type { SortType } from "../../src/options.js";
import { boundValue } from "../../src/sql/bound-value.js";
import { DIALECTS, type DialectName } from "../../src/sql/dialect.js";

describe("boundValue", () => {
  it.each<[DialectName, SortType, unknown, unknown]>([
    ["mysql", "bigint", "9007199254740993", 9007199254740993n],
    ["sqlite", "bigint", "9007199254740993", 9007199254740993n],
    ["sqlite", "bigint", 7, 7n],
    ["postgres", "bigint", "9007199254740993", "9007199254740993"],
    ["mysql", "bigint", null, null],
    ["mysql", "json", "9007199254740993", "9007199254740993"],
    ["sqlite", "timestamp", "2026-01-01 00:00:00.000001", "2026-01-01 00:00:00.000001"],
  ])("%s, a %s column, %s → %s", (dialect, type, value, bound) => {
    expect(boundValue(DIALECTS[dialect], type, value)).toStrictEqual(bound);
  });
});
