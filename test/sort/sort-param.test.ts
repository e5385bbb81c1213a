import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/errors.js";
import { sortSettings } from "../../src/sort/sort-option.js";
import { parseSort, readSort } from "../../src/sort/sort-param.js";

/** The example's offer: four fields, ties broken by id, oldest first by default. */
const settings = sortSettings({
  fields: { name: true, version: true, status: true, created_at: true },
  tieBreaker: "id",
  default: "created_at",
});
const HELP =
  'Sort by name, version, status or created_at: comma-separated, each at most once, "-" before a field for descending (e.g. "-name,version").';

/** An order as `field direction` words, the tie-breaker last. */
const words = (value: unknown) =>
  readSort(settings, value)
    .terms.map((t) => `${t.field} ${t.direction}`)
    .join(", ");

describe("readSort: the orders a client may ask for", () => {
  it.each<[string, unknown, string]>([
    ["absent: the default", undefined, "created_at asc, id asc"],
    ["empty: the default", "", "created_at asc, id asc"],
    ["blank: the default", "  ", "created_at asc, id asc"],
    ["null (a JSON body's): the default", null, "created_at asc, id asc"],
    ["one field", "name", "name asc, id asc"],
    ["descending: the tie-breaker follows the last direction", "-name", "name desc, id desc"],
    ["two fields", "-created_at,name", "created_at desc, name asc, id asc"],
    ["mixed, last descending", "status,-created_at", "status asc, created_at desc, id desc"],
    ["spaces around items", " status , -name ", "status asc, name desc, id desc"],
    [
      "every field",
      "name,version,status,created_at",
      "name asc, version asc, status asc, created_at asc, id asc",
    ],
  ])("%s: %j", (_name, value, expected) => {
    expect(words(value)).toBe(expected);
  });

  it("writes the ORDER BY of the order", () => {
    expect(readSort(settings, "status,-created_at").sql()).toBe(
      '"status" ASC, "created_at" DESC, "id" DESC',
    );
  });
});

describe("readSort: a sort that names no order offered is 400 invalid_sort", () => {
  it.each<[string, unknown, string]>([
    ["unknown field", "size", '"size" is not a field offered'],
    ["near a field", "nme", '"nme" is not a field offered (did you mean "name"?)'],
    ["case differs", "Name", '"Name" is not a field offered (did you mean "name"?)'],
    ["repeated field", "name,name", 'it names "name" twice'],
    ["repeated in both directions", "name,-name", 'it names "name" twice'],
    ["empty item", "name,,status", 'it has an empty item in "name,,status"'],
    ["trailing comma", "name,", 'it has an empty item in "name,"'],
    ["a lone minus", "-", 'it has an empty item in "-"'],
    ["two minus signs", "--name", '"--name" has more than one "-"'],
    [
      "a plus sign (URL-decoded space is trimmed; a real +)",
      "+name",
      '"+name" is not a field offered (did you mean "name"?)',
    ],
    [
      "more items than fields",
      "name,version,status,created_at,name",
      "it names more than the 4 fields offered",
    ],
    [
      "repeated parameter",
      ["name", "status"],
      "it is given more than once (or as a list: write the fields in one text, separated by commas)",
    ],
    ["not text", { name: "asc" }, "it is an object, not text"],
    ["a JSON number", 7, "it is number 7, not text"],
    ["an unknown field after a unique one", "-name,bogus", '"bogus" is not a field offered'],
  ])("%s: %j", (_name, value, reason) => {
    let error: unknown;
    try {
      readSort(settings, value);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PagewiseError);
    expect((error as PagewiseError).status).toBe(400);
    expect((error as PagewiseError).problem).toStrictEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: `Parameter "sort" cannot be read: ${reason}. ${HELP}`,
      code: "invalid_sort",
      parameter: "sort",
    });
  });

  it("reads a hostile text in linear time and quotes at most 32 characters of it", () => {
    const long = "a".repeat(1_000_000);
    expect(() => readSort(settings, long)).toThrow(/"a{32}"… is not a field offered\./);
    const commas = ",".repeat(1_000_000);
    expect(() => readSort(settings, commas)).toThrow(/it names more than the 4 fields offered/);
  });
});

describe("parseSort: the tie-breaker", () => {
  const offered = sortSettings({ fields: { id: true, name: true }, tieBreaker: "id" });
  it.each<[string, string]>([
    ["id", "id asc"],
    ["-id", "id desc"],
    ["-id,name", "id desc"],
    ["name,-id", "name asc, id desc"],
    ["", "id asc"],
  ])("%j: %s", (text, expected) => {
    const order = parseSort(text, offered);
    expect(
      typeof order === "string"
        ? order
        : order.terms.map((t) => `${t.field} ${t.direction}`).join(", "),
    ).toBe(expected);
  });
});

describe("readSort: properties", () => {
  const fields = ["name", "version", "status", "created_at"];
  const chosen = fc
    .shuffledSubarray(fields, { minLength: 1 })
    .chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }),
      ),
    );

  it("any offered order reads back as written, the tie-breaker last in the last term's direction", () => {
    fc.assert(
      fc.property(chosen, ([names, descending]) => {
        const text = names.map((n, i) => (descending[i] ? `-${n}` : n)).join(",");
        const { terms } = readSort(settings, text);
        expect(terms.map((t) => t.field)).toStrictEqual([...names, "id"]);
        expect(terms.map((t) => t.direction === "desc")).toStrictEqual([
          ...descending,
          descending.at(-1),
        ]);
      }),
    );
  });

  it("any text either reads as an order or is invalid_sort, never another error", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."-, name,vrsio_tcd".split("")), maxLength: 40 }),
        (text) => {
          try {
            readSort(settings, text);
          } catch (error) {
            expect((error as PagewiseError).problem.code).toBe("invalid_sort");
          }
        },
      ),
    );
  });
});
