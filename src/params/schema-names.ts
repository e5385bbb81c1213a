import type { StandardSchemaV1 } from "./standard-schema.js";

/** What a Standard Schema that also implements Standard JSON Schema (zod 4.2 and later) carries. */
interface JsonSchemaConverter {
  readonly input?: (options: object) => unknown;
  readonly output?: (options: object) => unknown;
}

/** JSON Schema 2020-12, and any type a converter cannot state written as `{}` (zod's option). */
const OPTIONS = { target: "draft-2020-12", libraryOptions: { unrepresentable: "any" } };

/**
 * The names of the parameters a schema reads, when it gives its output no others: an object
 * schema whose output admits no other member (`additionalProperties: false`: zod's `z.object`,
 * which strips the others, and `z.strictObject`, which refuses them), read from its Standard JSON
 * Schema (`~standard.jsonSchema`). A parameter of another name never reaches the handler, so it
 * chooses no rows: a list's links need not carry it. `undefined` when the schema cannot say or
 * lets others through (no schema, no converter, `z.looseObject`, a `catchall`, a union, a
 * transform of the whole object): every parameter may then choose rows.
 *
 * @param schema - a list's `schema`, if any
 * @returns the names, or `undefined` for "any name may matter"
 * @example
 * ```ts
 * schemaParamNames(z.object({ status: z.string().optional() })); // Set { "status" }
 * schemaParamNames(z.looseObject({ status: z.string() })); // undefined
 * ```
 */
export function schemaParamNames(
  schema: StandardSchemaV1 | undefined,
): ReadonlySet<string> | undefined {
  const convert = (schema?.["~standard"] as { jsonSchema?: JsonSchemaConverter } | undefined)
    ?.jsonSchema;
  if (typeof convert?.input !== "function" || typeof convert.output !== "function") return;
  const input = converted(convert.input);
  const output = converted(convert.output);
  if (output?.type !== "object" || output.additionalProperties !== false) return;
  const properties = input?.type === "object" ? input.properties : undefined;
  if (typeof properties !== "object" || properties === null) return;
  return new Set(Object.keys(properties));
}

/** A converter's JSON Schema, or `undefined` when it throws or gives no object. */
function converted(convert: (options: object) => unknown): Record<string, unknown> | undefined {
  try {
    const schema = convert(OPTIONS);
    return typeof schema === "object" && schema !== null
      ? (schema as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
