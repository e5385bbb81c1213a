import type { OpenApiOperation } from "../../openapi/openapi-types.js";
import { resourcePathItem } from "../../openapi/resource-path-item.js";
import type { Resource } from "../../resource/define-resource.js";
import { METHOD_ORDER } from "../../resource/method-definition.js";
import type { JsonSchema } from "../../resource/operation-doc.js";

type Swagger = typeof import("@nestjs/swagger");
type Decorator = MethodDecorator;
/** A DTO class, which `@nestjs/swagger` describes from its `@ApiProperty()`s. */
type Dto = abstract new (...args: never[]) => unknown;

/**
 * Describes a `@Pagewise` route for `@nestjs/swagger`, when it is installed (it is an optional
 * peer: loaded here with `import()`, and nothing is described without it). The description is
 * pagewise's own OpenAPI operation (`pagewise/openapi`) of the resource's GET (else its first
 * method): parameters, request body, responses with their headers, every problem, and the
 * summary, tags and operationId its `openapi` gives; `items` the rows' schema. Nest's explorer
 * adds the route's path parameters. It is in place once `@nestjs/swagger` has loaded, which an
 * app that imports it has done before `NestFactory.create` resolves (a few microtasks).
 *
 * @param resource - the resource served
 * @param items - one row's schema: a DTO class or a JSON Schema
 */
export function describeForSwagger(
  resource: Resource<never>,
  items: Dto | JsonSchema | undefined,
  target: object,
  key: string | symbol,
  descriptor: PropertyDescriptor,
): void {
  const item = resourcePathItem(resource, "", [], "header");
  const method = METHOD_ORDER.find((name) => resource.methods[name] !== undefined);
  const operation = method === undefined ? undefined : item[lowerCase(method)];
  if (operation === undefined) return;
  import("@nestjs/swagger").then(
    (loaded: Swagger & { default?: Swagger }) => {
      // Nest 11's CommonJS package, imported from CommonJS, may come as its `default`.
      const swagger = typeof loaded.ApiQuery === "function" ? loaded : (loaded.default ?? loaded);
      for (const decorate of swaggerDecorators(swagger, operation, items)) {
        decorate(target, key, descriptor);
      }
    },
    () => undefined, // not installed: the route is served, undescribed
  );
}

const lowerCase = (method: string) => method.toLowerCase() as "get";

/** The operation as `@nestjs/swagger`'s decorators. */
export function swaggerDecorators(
  swagger: Swagger,
  operation: OpenApiOperation,
  items: Dto | JsonSchema | undefined,
): Decorator[] {
  const { summary, description, operationId, deprecated, tags = [] } = operation;
  const about = { summary, description, operationId, deprecated };
  const decorators: Decorator[] = [];
  if (Object.values(about).some((value) => value !== undefined)) {
    decorators.push(swagger.ApiOperation(defined(about)));
  }
  if (tags.length > 0) decorators.push(swagger.ApiTags(...tags));
  for (const { in: where, ...parameter } of operation.parameters ?? []) {
    const given = parameter as never;
    if (where === "query") decorators.push(swagger.ApiQuery(given));
    else if (where === "header") decorators.push(swagger.ApiHeader(given));
    else decorators.push(swagger.ApiParam(given));
  }
  const body = operation.requestBody;
  if (body !== undefined) decorators.push(swagger.ApiBody(body as never));
  const rows = rowSchema(swagger, items);
  if (typeof items === "function") decorators.push(swagger.ApiExtraModels(items as never));
  for (const [status, response] of Object.entries(operation.responses)) {
    const answer = rows !== undefined && status === "200" ? withRows(response, rows) : response;
    decorators.push(swagger.ApiResponse({ status: Number(status), ...answer } as never));
  }
  return decorators;
}

/** The rows' schema as the document holds it: a DTO's by reference, a JSON Schema as it is. */
function rowSchema(swagger: Swagger, items: Dto | JsonSchema | undefined): JsonSchema | undefined {
  if (typeof items === "function") return { $ref: swagger.getSchemaPath(items as never) };
  return items;
}

/** A list's 200 with its rows' schema. */
function withRows(response: OpenApiOperation["responses"][string], rows: JsonSchema) {
  const schema = { type: "array", items: rows };
  return { ...response, content: { "application/json": { schema } } };
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
