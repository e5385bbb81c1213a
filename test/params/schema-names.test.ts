import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaParamNames } from "../../src/params/schema-names.js";
import type { StandardSchemaV1 } from "../../src/params/standard-schema.js";

/** A Standard Schema without the JSON Schema converter (an older zod, another library). */
const withoutConverter: StandardSchemaV1 = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) },
};

describe("schemaParamNames", () => {
  it.each<[string, StandardSchemaV1 | undefined, string[] | undefined]>([
    ["no schema: any name", undefined, undefined],
    [
      "z.object strips the others",
      z.object({ status: z.string().optional(), q: z.string() }),
      ["status", "q"],
    ],
    ["z.strictObject refuses the others", z.strictObject({ status: z.string() }), ["status"]],
    [
      "a field's transform or coercion",
      z.object({ n: z.coerce.number(), s: z.string().transform(Number) }),
      ["n", "s"],
    ],
    ["a refined object", z.object({ a: z.string() }).refine(() => true), ["a"]],
    ["no fields: every name stripped", z.object({}), []],
    ["z.looseObject lets the others through", z.looseObject({ status: z.string() }), undefined],
    [
      "a catchall lets the others through",
      z.object({ a: z.string() }).catchall(z.string()),
      undefined,
    ],
    ["a record", z.record(z.string(), z.string()), undefined],
    [
      "a union of objects",
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      undefined,
    ],
    [
      "a transform of the whole object",
      z.object({ a: z.string() }).transform((o) => ({ b: o.a })),
      undefined,
    ],
    ["a schema without a JSON Schema converter", withoutConverter, undefined],
  ])("%s", (_title, schema, names) => {
    const found = schemaParamNames(schema);
    expect(found === undefined ? undefined : [...found]).toStrictEqual(names);
  });
});
