import { describe, expect, it } from "vitest";
import type { SortType } from "../../src/options.js";
import { DIALECTS, type DialectName } from "../../src/sql/dialect.js";
import { exactTextType } from "../../src/sql/exact-text.js";

describe("exactTextType", () => {
  it.each<[DialectName, SortType, string | undefined]>([
    ["postgres", "timestamp", "text"],
    ["postgres", "bigint", "text"],
    ["postgres", "json", undefined],
    ["mysql", "timestamp", "char"],
    ["mysql", "bigint", "char"],
    ["mysql", "json", undefined],
    ["sqlite", "timestamp", undefined],
    ["sqlite", "bigint", "text"],
    ["sqlite", "json", undefined],
  ])("%s, a %s column: %s", (dialect, type, cast) => {
    expect(exactTextType(DIALECTS[dialect], type)).toBe(cast);
  });
});
