/**
 * Checks answers against an OpenAPI 3.1 document, as a client generated from it would read them:
 * the status is declared for the operation (or, for a method the path does not serve, the
 * document's 405 answer), every required header is there, every pagination header sent is
 * declared, each declared header present matches its schema, and the body matches the declared
 * content's type and schema (JSON Schema 2020-12, through Ajv).
 */
import { validate } from "@readme/openapi-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { PROBLEM_CONTENT_TYPE } from "../../src/errors.js";
import { problemSchema } from "../../src/openapi/problem-responses.js";
import { ALLOW_HEADER } from "../../src/openapi/resource-path-item.js";
import type { Exchange } from "./http-call.js";

type Schema = Record<string, unknown>;
interface Response {
  headers?: Record<string, { required?: boolean; schema: Schema }>;
  content?: Record<string, { schema: Schema }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
}

/**
 * The 405 of a method a path does not define: OpenAPI has no operation to hold it (the path item's
 * description names it), so it is checked as pagewise writes it, with `Allow`.
 */
const METHOD_NOT_ALLOWED: Response = {
  headers: { Allow: ALLOW_HEADER },
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(405, ["method_not_allowed"]) } },
};

/**
 * The errors of validating a document with two maintained validators (none when valid): the
 * OpenAPI 3.1 schema (@seriousme/openapi-schema-validator), and @readme/openapi-parser, which also
 * checks what the schema cannot (unique parameters and operationIds, resolvable references).
 */
export async function openApiErrors(document: unknown): Promise<unknown> {
  const copy = () => structuredClone(document) as Record<string, unknown>;
  const schema = await new Validator().validate(copy());
  const readme = await validate(copy() as never);
  return [
    ...(schema.valid ? [] : (schema.errors as unknown[])),
    ...(readme.valid ? [] : readme.errors.map((error) => error.message)),
  ];
}

/**
 * Every way the exchanges depart from `document`, one line each; `[]` when all conform. Paths no
 * route serves (the router's 404 and 400, the static files) are not the document's and are skipped.
 */
export function nonConforming(document: unknown, exchanges: readonly Exchange[]): string[] {
  const doc = document as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const routes = Object.entries(doc.paths).map(([template, item]) => ({
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+").replace(/\/$/, "")}/?$`),
    item,
  }));
  const failures: string[] = [];
  for (const { request, answer } of exchanges) {
    const method = (request.method ?? "GET").toLowerCase();
    const path = request.path.split("?")[0] ?? "";
    const route = routes.find(({ pattern }) => pattern.test(path));
    // A segment that cannot be decoded reaches no route: the router answers (400), not the API.
    if (route === undefined || !decodable(path)) continue;
    const where = `${method.toUpperCase()} ${request.path.slice(0, 80)} → ${answer.status}`;
    const operation = route.item[method === "head" ? "get" : method];
    const response =
      operation === undefined
        ? answer.status === 405
          ? METHOD_NOT_ALLOWED
          : undefined
        : operation.responses[String(answer.status)];
    if (response === undefined) {
      failures.push(`${where}: status not declared`);
      continue;
    }
    const declared = new Map(
      Object.entries(response.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
    );
    for (const [name, header] of declared) {
      const value = answer.headers[name];
      if (value === undefined) {
        if (header.required) failures.push(`${where}: required header ${name} missing`);
        continue;
      }
      const read =
        header.schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!ajv.validate(header.schema, read)) failures.push(`${where}: header ${name} ${value}`);
    }
    for (const name of Object.keys(answer.headers)) {
      if (/^(link|x-pagination-|x-total-count)/.test(name) && !declared.has(name)) {
        failures.push(`${where}: header ${name} sent, not declared`);
      }
    }
    if (method === "head") continue;
    const type = (answer.headers["content-type"] ?? "").split(";")[0] ?? "";
    const content = response.content?.[type];
    if (response.content === undefined) {
      if (answer.body !== null) failures.push(`${where}: a body where none is declared`);
    } else if (content === undefined) {
      failures.push(`${where}: content type ${type} not declared`);
    } else if (!ajv.validate(content.schema, answer.body)) {
      failures.push(`${where}: body ${ajv.errorsText()}`);
    }
  }
  return failures;
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
