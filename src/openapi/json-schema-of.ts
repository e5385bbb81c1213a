import type { StandardSchemaV1 } from "../params/standard-schema.js";
import type { JsonSchema } from "../resource/operation-doc.js";

/** What a Standard Schema that also implements Standard JSON Schema (zod 4.2 and later) carries. */
interface JsonSchemaConverter {
  readonly input?: (options: { readonly target: string }) => Record<string, unknown>;
  readonly output?: (options: { readonly target: string }) => Record<string, unknown>;
}

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): a plain JSON Schema object as given; a
 * Standard Schema through its Standard JSON Schema converter (`~standard.jsonSchema`, which zod 4
 * implements), for the values it takes (`input`: parameters, request bodies) or gives (`output`);
 * `undefined` for a schema that cannot say (no converter, one that throws, or one that needs
 * references: a recursive schema, one with ids), which the caller describes by its shape alone.
 *
 * @param schema - a zod schema, another Standard Schema, or a JSON Schema object
 * @param side - `input` for what a client sends, `output` for what a server answers
 * @example
 * ```ts
 * jsonSchemaOf(z.object({ status: z.enum(["failed"]) }), "input");
 * // { type: "object", properties: { status: { type: "string", enum: ["failed"] } }, required: ["status"], … }
 * ```
 */
export function jsonSchemaOf(
  schema: StandardSchemaV1 | JsonSchema | undefined,
  side: "input" | "output",
): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const standard = (schema as { "~standard"?: { jsonSchema?: JsonSchemaConverter } })["~standard"];
  if (standard === undefined) return referenceFree(schema as JsonSchema);
  const convert = standard.jsonSchema?.[side];
  if (typeof convert !== "function") return undefined;
  try {
    const { $schema: _dialect, ...converted } = convert({ target: "draft-2020-12" });
    return referenceFree(converted);
  } catch {
    return undefined; // a type JSON Schema cannot state (a transform, a date): described by shape
  }
}

/**
 * The schema, unless it holds a `$ref` or `$defs` (a recursive schema, one with ids): inlined into
 * an OpenAPI document, those would resolve against the document's root, not the schema's, and
 * break it. Such a schema is described by its shape alone.
 */
function referenceFree(schema: JsonSchema): JsonSchema | undefined {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node) && ("$ref" in node || "$defs" in node || "$dynamicRef" in node)) {
      return undefined;
    }
    pending.push(...Object.values(node));
  }
  return schema;
}

/**
 * The properties of an object schema, each with whether it is required; `undefined` when the
 * schema is not an object with properties (a union, an unknown schema).
 */
export function objectProperties(
  schema: JsonSchema | undefined,
): [name: string, schema: JsonSchema, required: boolean][] | undefined {
  const properties = schema?.properties;
  if (schema?.type !== "object" || typeof properties !== "object" || properties === null) {
    return undefined;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties as Record<string, JsonSchema>).map(([name, property]) => [
    name,
    property,
    required.has(name),
  ]);
}
