import { describe, expect, it } from "vitest";
import { isHidden, keyAlias, valueAlias } from "../../src/sql/hidden-columns.js";

describe("hidden columns", () => {
  it.each<[number, string, string]>([
    [0, "pagewisevalxa", "pagewisekeyxa"],
    [1, "pagewisevalxb", "pagewisekeyxb"],
    [25, "pagewisevalxz", "pagewisekeyxz"],
    [26, "pagewisevalxba", "pagewisekeyxba"],
  ])("place %s: %s and %s, lower-case letters alone", (place, value, key) => {
    expect([valueAlias(place), keyAlias(place)]).toStrictEqual([value, key]);
    expect([isHidden(value), isHidden(key)]).toStrictEqual([true, true]);
  });

  it.each([
    "created_at",
    "pagewise",
    "pagewisevalue",
    "pagewisekeyboard",
    "pagewisevalx",
    "__pagewise_0",
    "_Pagewise0",
    "pagewisevalxA",
  ])("%s: a column of the user's", (name) => {
    expect(isHidden(name)).toBe(false);
  });
});
