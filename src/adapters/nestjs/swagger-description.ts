import { RequestMethod } from "@nestjs/common";
import type { OpenApiOperation } from "../../openapi/openapi-types.js";
import { resourcePathItem } from "../../openapi/resource-path-item.js";
import type { Resource } from "../../resource/define-resource.js";
import { METHOD_ORDER, type ResourceMethod } from "../../resource/method-definition.js";
import type { JsonSchema } from "../../resource/operation-doc.js";
import { loadOptional } from "./optional-module.js";
import { nestMetadata } from "./route-resource.js";

type Swagger = typeof import("@nestjs/swagger");
type Decorator = MethodDecorator;
/** A DTO class, which `@nestjs/swagger` describes from its `@ApiProperty()`s. */
type Dto = abstract new (...args: never[]) => unknown;

/**
 * Describes a `@Pagewise` route for `@nestjs/swagger`, when it is installed (an optional peer,
 * loaded by {@link loadOptional}: nothing is described without it). The description is
 * pagewise's own OpenAPI operation (`pagewise/openapi`) of the route's method ({@link
 * routeOperation}): parameters, request body, responses with their headers, every problem, and the
 * summary, tags and operationId its `openapi` gives; `items` the rows' schema. Nest's explorer
 * adds the route's path parameters. It is in place once `@nestjs/swagger` has loaded: at once
 * in CommonJS, within microtasks in an ES module that imported it, before `NestFactory.create`
 * resolves either way.
 *
 * @param resource - the resource served
 * @param items - one row's schema: a DTO class or a JSON Schema
 * @example
 * ```ts
 * describeForSwagger(resource, PackageDto, target, key, descriptor);
 * ```
 */
export function describeForSwagger(
  resource: Resource<never>,
  items: Dto | JsonSchema | undefined,
  target: object,
  key: string | symbol,
  descriptor: PropertyDescriptor,
): void {
  loadOptional<Swagger & { default?: Swagger }>("@nestjs/swagger").then((loaded) => {
    if (loaded === undefined) return; // not installed: the route is served, undescribed
    // Nest 11's CommonJS package, imported from an ES module, may come as its `default`.
    const swagger = typeof loaded.ApiQuery === "function" ? loaded : (loaded.default ?? loaded);
    // By now every decorator of the method has run: its @Get(), @Post() or @All() is known.
    const operation = routeOperation(resource, descriptor.value);
    if (operation === undefined) return;
    for (const decorate of swaggerDecorators(swagger, operation, items)) {
      decorate(target, key, descriptor);
    }
  });
}

/**
 * The operation a route's description is: its method's (`@Post()` on a resource's POST), else,
 * for `@All()` or a method the resource lacks, its GET or first method's.
 *
 * @param resource - the resource served
 * @param method - the route's method, whose Nest metadata names its HTTP method
 * @example
 * ```ts
 * routeOperation(packages, PackagesController.prototype.create); // the POST operation
 * ```
 */
export function routeOperation(
  resource: Resource<never>,
  method: unknown,
): OpenApiOperation | undefined {
  const item = resourcePathItem(resource, "", [], "header");
  const verb = RequestMethod[nestMetadata("method", method as object) as RequestMethod];
  const routed = resource.methods[verb as ResourceMethod] === undefined ? undefined : verb;
  const first = METHOD_ORDER.find((name) => resource.methods[name] !== undefined);
  const chosen = routed ?? first;
  return chosen === undefined ? undefined : item[lowerCase(chosen)];
}

const lowerCase = (method: string) => method.toLowerCase() as "get";

/**
 * The operation as `@nestjs/swagger`'s decorators: `ApiOperation` and `ApiTags` as it says, a
 * parameter decorator each (`ApiQuery`, `ApiHeader`, `ApiParam`), `ApiBody`, and an
 * `ApiResponse` per status, the 200's rows `items` when given (a DTO by `$ref`, among the
 * document's schemas through `ApiExtraModels`).
 *
 * @param swagger - the `@nestjs/swagger` module
 * @param operation - pagewise's OpenAPI operation
 * @param items - one row's schema, over the operation's own
 * @example
 * ```ts
 * for (const decorate of swaggerDecorators(swagger, operation, PackageDto)) decorate(target, key, descriptor);
 * ```
 */
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
  if (body !== undefined) {
    const { content, ...about } = body;
    const schema = content["application/json"]?.schema;
    decorators.push(swagger.ApiBody({ ...about, schema } as never));
  }
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
