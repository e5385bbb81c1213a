import { describe, expect, it } from "vitest";
import { carriedValues, carryValues } from "../../src/resource/carried-values.js";

describe("carryValues", () => {
  it("keeps a row's values out of its JSON, for its own object only", () => {
    const row = carryValues({ id: 7 }, ["2026-01-02 03:04:05.123456+00", 7]);
    expect([JSON.stringify(row), Object.keys(row), carriedValues(row)]).toStrictEqual([
      '{"id":7}',
      ["id"],
      ["2026-01-02 03:04:05.123456+00", 7],
    ]);
    expect(carriedValues({ id: 7 })).toBeUndefined();
  });

  it.each([null, undefined, 7, "row"])("gives nothing for %s", (row) => {
    expect(carriedValues(row)).toBeUndefined();
  });
});
