import { describe, expect, it } from "vitest";
import { sortText } from "../../src/client/sort-text.js";

const FIX = ': write fields separated by single commas, "-" before a field for descending';
const NONE =
  'sort names no field: leave it out for the list\'s default order, or name a field such as "-created_at"';

describe("sortText: a client's sort, checked and written as the parameter's text", () => {
  it.each<[string, unknown, string]>([
    ["a text as given", "-created_at,name", "-created_at,name"],
    ["one field", "name", "name"],
    ["spaces around items kept (the server trims them)", "-created_at, name", "-created_at, name"],
    ["an array joined with commas", ["-created_at", "name"], "-created_at,name"],
    ["an array of one", ["-name"], "-name"],
    ["a dotted field", ["owner.name", "-id"], "owner.name,-id"],
  ])("%s", (_name, sort, text) => {
    expect(sortText("sort", sort)).toBe(text);
  });

  it.each<[unknown, string]>([
    [
      42,
      'sort must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got number 42',
    ],
    [
      { name: "asc" },
      'sort must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got an object',
    ],
    [
      null,
      'sort must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got null',
    ],
    [["name", 3], 'sort[1] must be a field such as "-created_at"; got number 3'],
    [["name", undefined], 'sort[1] must be a field such as "-created_at"; got undefined'],
    [
      ["-created_at,name"],
      'sort[0] holds a comma ("-created_at,name"): give each field as an item of its own',
    ],
    ["", NONE],
    ["  ", NONE],
    [[], NONE],
    ["name,,id", `sort has an empty item in "name,,id"${FIX}`],
    [",name", `sort has an empty item in ",name"${FIX}`],
    ["name,", `sort has an empty item in "name,"${FIX}`],
    ["name, ,id", `sort has an empty item in "name, ,id"${FIX}`],
    ["-", `sort has an empty item in "-"${FIX}`],
    [["name", ""], `sort has an empty item in "name,"${FIX}`],
    [["name", "-"], `sort has an empty item in "name,-"${FIX}`],
    [
      "--name",
      'sort item "--name" has more than one "-": one "-" before a field sorts it descending',
    ],
    ["name,name", 'sort names "name" twice: name each field once, "-" before it for descending'],
    ["name,-name", 'sort names "name" twice: name each field once, "-" before it for descending'],
    [
      ["-created_at", "id", " created_at"],
      'sort names "created_at" twice: name each field once, "-" before it for descending',
    ],
  ])("%j is a TypeError naming the fix", (sort, message) => {
    expect(() => sortText("sort", sort)).toThrow(new TypeError(message));
  });
});
