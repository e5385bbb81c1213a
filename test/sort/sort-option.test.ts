import { describe, expect, it } from "vitest";
import { type SortOption, sortSettings } from "../../src/sort/sort-option.js";

describe("sortSettings: a sort option checked when the list is defined", () => {
  it.each<[string, unknown, string]>([
    ["not an object", "name", "sort must be an object"],
    [
      "an unknown option",
      { fields: { name: true }, tieBreaker: "id", defualt: "name" },
      'Unknown sort option "defualt"',
    ],
    [
      "no field",
      { fields: {}, tieBreaker: "id" },
      "sort.fields offers no field: name at least one ({ name: true })",
    ],
    [
      "fields not an object",
      { fields: ["name"], tieBreaker: "id" },
      "sort.fields must be an object",
    ],
    [
      "a field name with a comma",
      { fields: { "a,b": true }, tieBreaker: "id" },
      'sort.fields: "a,b" is not a field name',
    ],
    [
      "a field name starting with -",
      { fields: { "-a": true }, tieBreaker: "id" },
      'sort.fields: "-a" is not a field name',
    ],
    [
      "a column that is no identifier",
      { fields: { name: { column: 'na"me' } }, tieBreaker: "id" },
      "sort.fields.name.column must be a column, a SQL identifier",
    ],
    [
      "a misspelt field option",
      { fields: { name: { nulable: true } }, tieBreaker: "id" },
      'Unknown sort.fields.name option "nulable"',
    ],
    [
      "a bad nulls",
      { fields: { name: { nulls: "top" } }, tieBreaker: "id" },
      "sort.fields.name.nulls",
    ],
    [
      "a bad type",
      { fields: { name: { type: "text" } }, tieBreaker: "id" },
      "sort.fields.name.type",
    ],
    [
      "one column twice",
      { fields: { date: { column: "created_at" }, created_at: true }, tieBreaker: "id" },
      'sort.fields "date" and "created_at" name one column "created_at": offer it once',
    ],
    [
      "no tie-breaker",
      { fields: { name: true } },
      "sort.tieBreaker (a column, or { column, type }) must be an object",
    ],
    [
      "a tie-breaker that is no identifier",
      { fields: { name: true }, tieBreaker: "id;" },
      "sort.tieBreaker must be a column",
    ],
    [
      "a nullable tie-breaker offered",
      { fields: { id: { nullable: true } }, tieBreaker: "id" },
      "sort.fields.id is the tie-breaker's column \"id\": never nullable, and of the tie-breaker's type",
    ],
    [
      "a default naming a field not offered",
      { fields: { name: true }, tieBreaker: "id", default: "-created_at" },
      'sort.default "-created_at": "created_at" is not a field offered',
    ],
    [
      "a default repeating a field",
      { fields: { name: true, version: true }, tieBreaker: "id", default: "name,name" },
      'sort.default "name,name": it names "name" twice',
    ],
    [
      "a default longer than the fields offered",
      { fields: { name: true }, tieBreaker: "id", default: "name,name" },
      'sort.default "name,name": it names more than the one field offered',
    ],
    [
      "a default that is not text",
      { fields: { name: true }, tieBreaker: "id", default: ["name"] },
      "sort.default must be written as a client writes sort",
    ],
    [
      "an empty parameter name",
      { fields: { name: true }, tieBreaker: "id", param: "" },
      'sort.param must be a parameter name (text, not empty); got a string ("")',
    ],
  ])("%s", (_name, option, message) => {
    expect(() => sortSettings(option as SortOption)).toThrow(TypeError);
    expect(() => sortSettings(option as SortOption)).toThrow(message);
  });

  it("resolves fields, columns and the default order", () => {
    const settings = sortSettings({
      fields: {
        name: true,
        date: { column: "created_at" },
        size: { nullable: true, nulls: "first" },
      },
      tieBreaker: { column: "id", type: "bigint" },
      default: "-date",
    });
    expect(settings.param).toBe("sort");
    expect([...settings.fields.keys()]).toStrictEqual(["name", "date", "size"]);
    expect(settings.defaultOrder.sql()).toBe('"created_at" DESC, "id" DESC');
    const [asc, desc] = settings.fields.get("size") ?? [];
    expect(asc).toMatchObject({
      field: "size",
      column: "size",
      direction: "asc",
      nullable: true,
      nullsFirst: true,
    });
    expect(desc).toMatchObject({ direction: "desc", nullsFirst: false });
    expect(settings.tieBreaker[0]).toMatchObject({ column: "id", type: "bigint", nullable: false });
  });

  it("orders by the tie-breaker ascending without a default", () => {
    expect(sortSettings({ fields: { name: true }, tieBreaker: "id" }).defaultOrder.sql()).toBe(
      '"id" ASC',
    );
  });

  it("gives the tie-breaker's column offered as a field the tie-breaker's type", () => {
    const settings = sortSettings({
      fields: { id: true },
      tieBreaker: { column: "id", type: "bigint" },
    });
    expect(settings.fields.get("id")?.[0].type).toBe("bigint");
  });
});
