import type { OpenApiOperation, OpenApiParameter } from "../../openapi/openapi-types.js";
import type { JsonSchema } from "../../resource/operation-doc.js";

/** A Fastify route schema, as `@fastify/swagger` reads it. */
type FastifyRouteSchema = Record<string, unknown>;

/**
 * An operation's description as a Fastify route schema, for `@fastify/swagger`: the parameters
 * as `params`, `querystring` and `headers` objects (each one's description in its schema), the
 * request body, and the responses with their headers and content. The route that carries it
 * compiles nothing from it (its validator and serializer compilers are no-ops): pagewise
 * validates and serialises.
 */
export function fastifyRouteSchema(operation: OpenApiOperation): FastifyRouteSchema {
  const { parameters = [], requestBody, responses } = operation;
  const schema: FastifyRouteSchema = {};
  for (const key of ["operationId", "summary", "description", "tags", "deprecated"] as const) {
    if (operation[key] !== undefined) schema[key] = operation[key];
  }
  for (const [where, key] of [
    ["path", "params"],
    ["query", "querystring"],
    ["header", "headers"],
  ] as const) {
    const group = parameters.filter((p) => p.in === where);
    if (group.length > 0) schema[key] = objectOf(group);
  }
  const body = requestBody?.content["application/json"]?.schema;
  if (body !== undefined) schema.body = typed(body);
  if (operation.security !== undefined) schema.security = operation.security;
  schema.response = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        ...(response.headers === undefined
          ? {}
          : {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, header]) => [
                  name,
                  { ...header.schema, description: header.description },
                ]),
              ),
            }),
        ...(response.content === undefined
          ? { type: "null" } // no body: @fastify/swagger's convention, left alone by Fastify 4
          : {
              content: Object.fromEntries(
                Object.entries(response.content).map(([type, media]) => [
                  type,
                  { schema: typed(media.schema) },
                ]),
              ),
            }),
      },
    ]),
  );
  return schema;
}

/** Parameters as one object schema, each one's description kept in its property. */
function objectOf(parameters: readonly OpenApiParameter[]): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(
      parameters.map((p) => [
        p.name,
        { ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) },
      ]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    ...commaSeparated(parameters),
  };
}

/**
 * `style: "form", explode: false` for the whole group when a parameter is written so (a sort,
 * `sort=-name,size`) and no array parameter is written otherwise: @fastify/swagger reads the two
 * on the group's schema, not on a property, and copies them to each parameter. Without them its
 * document says `sort=-name&sort=size`, which the server refuses; a text or number parameter is
 * written the same either way.
 */
function commaSeparated(parameters: readonly OpenApiParameter[]): JsonSchema {
  const arrays = parameters.filter((p) => p.schema.type === "array");
  const any = parameters.some((p) => p.explode === false);
  return any && arrays.every((p) => p.explode === false) ? { style: "form", explode: false } : {};
}

/** Any JSON value, stated with its types: Fastify 4 reads a schema without a type as an object's. */
const ANY_JSON = { type: ["object", "array", "string", "number", "boolean", "null"] };

function typed(schema: JsonSchema): JsonSchema {
  return Object.keys(schema).length === 0 ? ANY_JSON : schema;
}
