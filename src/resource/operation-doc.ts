import { PROBLEM_STATUS, type ProblemCode } from "../errors.js";
import { assertKnownNames, assertObject, describeValue } from "../option-checks.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) as a plain object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * What an OpenAPI description of a method says beyond what pagewise knows from its definition
 * (see `openApiDocument`). Everything is optional: without it the operation is still described
 * from the method's kind, schema, options and problems.
 */
export interface OperationDoc {
  readonly summary?: string;
  readonly description?: string;
  readonly operationId?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  /**
   * The success body's schema: one row's for a list (the body is an array of them), the whole
   * body's for a JSON method. A zod schema (or another Standard Schema that gives JSON Schema) or
   * a JSON Schema object.
   *
   * @default any JSON value (rows of any JSON value for a list)
   */
  readonly response?: StandardSchemaV1 | JsonSchema;
  /**
   * A JSON method's: whether its handler may give nothing (`undefined`), which is answered 204
   * with no body. `false` for a handler that always gives a value: the description then lists
   * the method's `status` alone. Not for a list (it never answers 204) nor a JSON method of
   * status 204 (it always does).
   *
   * @default true
   * @example
   * ```ts
   * json({ openapi: { noContent: false }, handler: () => ({ deleted: 3 }) });
   * ```
   */
  readonly noContent?: boolean;
  /**
   * Problem codes the handler itself may throw besides those pagewise answers for the method
   * (e.g. `["service_unavailable"]` for a database that may be away, `["not_found"]`).
   *
   * @default []
   */
  readonly problems?: readonly ProblemCode[];
}

/** Every name an {@link OperationDoc} takes (the type checker keeps this complete). */
const DOC_NAMES: Record<keyof OperationDoc, true> = {
  summary: true,
  description: true,
  operationId: true,
  tags: true,
  deprecated: true,
  response: true,
  noContent: true,
  problems: true,
};

/**
 * Checks a method's `openapi` option when the method is defined: known names, text where text goes,
 * known problem codes, a schema or an object as the response.
 *
 * @throws {TypeError} naming the field and what it takes
 */
export function assertOperationDoc(method: string, doc: unknown): void {
  if (doc === undefined) return;
  const name = `${method}'s openapi`;
  assertObject(name, doc);
  assertKnownNames(`${name} field`, doc, DOC_NAMES);
  const { summary, description, operationId, tags, deprecated, response, noContent, problems } =
    doc as OperationDoc;
  for (const [field, value] of [
    ["summary", summary],
    ["description", description],
    ["operationId", operationId],
  ] as const) {
    if (value !== undefined && (typeof value !== "string" || value === "")) {
      throw new TypeError(`${name}.${field} must be text; got ${describeValue(value)}`);
    }
  }
  if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === "string"))) {
    throw new TypeError(`${name}.tags must be an array of text; got ${describeValue(tags)}`);
  }
  for (const [field, value] of [
    ["deprecated", deprecated],
    ["noContent", noContent],
  ] as const) {
    if (value !== undefined && typeof value !== "boolean") {
      throw new TypeError(`${name}.${field} must be true or false; got ${describeValue(value)}`);
    }
  }
  if (
    response !== undefined &&
    (typeof response !== "object" || response === null || Array.isArray(response))
  ) {
    throw new TypeError(
      `${name}.response must be a zod schema or a JSON Schema object; got ${describeValue(response)}`,
    );
  }
  // method_not_allowed is the answer of a method not defined, never of this one.
  const unknown = Array.isArray(problems)
    ? problems.filter(
        (code) => !Object.hasOwn(PROBLEM_STATUS, code) || code === "method_not_allowed",
      )
    : undefined;
  if (problems !== undefined && (unknown === undefined || unknown.length > 0)) {
    throw new TypeError(
      `${name}.problems must be an array of problem codes a defined method answers (${Object.keys(
        PROBLEM_STATUS,
      )
        .filter((c) => c !== "method_not_allowed")
        .join(", ")}); got ${describeValue(unknown?.[0] ?? problems)}`,
    );
  }
}
