import { type ProblemIssue, validationFailed } from "../errors.js";
import type { StandardSchemaV1 } from "./standard-schema.js";

/**
 * Validates parameters with a Standard Schema (zod 4) synchronously.
 *
 * @throws {PagewiseError} 400 `validation_failed` listing every issue
 */
export function validateParams(schema: StandardSchemaV1, params: unknown): unknown {
  const result = schema["~standard"].validate(params);
  if (result instanceof Promise) {
    throw new TypeError("readRequestParams needs a synchronous schema (no async refinements)");
  }
  if (!result.issues) return result.value;
  const errors: ProblemIssue[] = result.issues.flatMap(matchingAlternative).map((issue) => ({
    parameter: (issue.path ?? [])
      .map((key) => String(typeof key === "object" ? key.key : key))
      .join("."),
    detail: issue.message,
  }));
  const first = errors[0];
  const where = first?.parameter ? `"${first.parameter}": ` : "";
  throw validationFailed(
    `Invalid request parameters: ${where}${first?.detail ?? "rejected"}.`,
    errors,
  );
}

type Issue = StandardSchemaV1.Issue;

/**
 * A failed union (zod's `invalid_union`, whose `errors` holds each alternative's issues) reported
 * as the issues of the one alternative whose shape fits the input: for `{ status: "lost" }`
 * against "an object or an array of them", the object's `status` issue, not "Invalid input".
 * Alternatives that failed on the input's very type are passed over; when none or several fit,
 * the union's own issue stands.
 */
function matchingAlternative(issue: Issue): Issue[] {
  const alternatives = (issue as { errors?: unknown }).errors;
  if (!Array.isArray(alternatives) || !alternatives.every(Array.isArray)) return [issue];
  const fitting = (alternatives as Issue[][]).filter(
    (issues) => !issues.some(isTypeMismatchAtRoot),
  );
  if (fitting.length !== 1) return [issue];
  const base = issue.path ?? [];
  return (fitting[0] as Issue[]).flatMap((inner) =>
    matchingAlternative({ ...inner, path: [...base, ...(inner.path ?? [])] }),
  );
}

function isTypeMismatchAtRoot(issue: Issue): boolean {
  return (issue as { code?: unknown }).code === "invalid_type" && (issue.path ?? []).length === 0;
}
