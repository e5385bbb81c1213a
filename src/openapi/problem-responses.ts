import {
  PROBLEM_CONTENT_TYPE,
  PROBLEM_STATUS,
  type ProblemCode,
  type ProblemStatus,
  STATUS_TITLES,
} from "../errors.js";
import type { JsonSchema } from "../resource/operation-doc.js";
import type { OpenApiHeader, OpenApiResponse } from "./openapi-types.js";

/** Headers a problem answer carries at some statuses besides `Allow`. */
const PROBLEM_HEADERS: Readonly<Record<number, Readonly<Record<string, OpenApiHeader>>>> = {
  401: {
    "WWW-Authenticate": {
      description: 'The challenge: `ApiKey header="X-Api-Key"`.',
      required: true,
      schema: { type: "string" },
    },
  },
  503: {
    "Retry-After": {
      description:
        "Seconds to wait before a retry, sent when a retry is safe (nothing was done); absent when the outcome of a change is unknown.",
      schema: { type: "integer", minimum: 0 },
    },
  },
};

/**
 * The RFC 9457 problem body pagewise sends at `status`, its `code` one of `codes`.
 *
 * @example
 * ```ts
 * problemSchema(401, ["unauthorized"]); // { type: "object", required: [...], properties: { code: { enum: ["unauthorized"] }, … } }
 * ```
 */
export function problemSchema(status: ProblemStatus, codes: readonly ProblemCode[]): JsonSchema {
  return {
    type: "object",
    required: ["type", "title", "status", "detail", "code"],
    properties: {
      type: { type: "string", const: "about:blank" },
      title: { type: "string", const: STATUS_TITLES[status] },
      status: { type: "integer", const: status },
      detail: { type: "string", description: "What went wrong, for people." },
      code: { type: "string", enum: [...codes], description: "The stable reason, for programs." },
      parameter: { type: "string", description: "The parameter at fault, when one is." },
      errors: {
        type: "array",
        description: "One entry per validation issue.",
        items: {
          type: "object",
          required: ["parameter", "detail"],
          properties: { parameter: { type: "string" }, detail: { type: "string" } },
        },
      },
    },
  };
}

/**
 * The problem responses of an operation: one per status its codes answer with, each an
 * `application/problem+json` body whose `code` is one of that status's codes, with the headers
 * that status carries (`WWW-Authenticate` for 401, `Retry-After` for 503) and `common` ones.
 *
 * @param codes - every problem code the operation may answer
 * @param common - headers on every answer (`Allow`, CORS)
 */
export function problemResponses(
  codes: Iterable<ProblemCode>,
  common: Readonly<Record<string, OpenApiHeader>>,
): Record<string, OpenApiResponse> {
  const byStatus = new Map<ProblemStatus, ProblemCode[]>();
  for (const code of new Set(codes)) {
    const status = PROBLEM_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of [...byStatus.keys()].sort()) {
    const statusCodes = (byStatus.get(status) ?? []).sort();
    responses[String(status)] = {
      description: `${STATUS_TITLES[status]}: ${statusCodes.map((c) => `\`${c}\``).join(", ")}.`,
      headers: { ...common, ...PROBLEM_HEADERS[status] },
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(status, statusCodes) } },
    };
  }
  return responses;
}
