import type { ProblemCode } from "../errors.js";
import { sendsParamsInBody } from "../http/methods.js";
import { assertVersionOffPath } from "../params/api-version.js";
import type { CursorListMethod } from "../resource/cursor-method.js";
import type { Resource } from "../resource/define-resource.js";
import { METHOD_ORDER, type MethodDefinition } from "../resource/method-definition.js";
import type { JsonMethod } from "../resource/methods.js";
import type { JsonSchema } from "../resource/operation-doc.js";
import { jsonSchemaOf } from "./json-schema-of.js";
import type {
  OpenApiHeader,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiRequestBody,
  OpenApiResponse,
} from "./openapi-types.js";
import {
  cursorParameters,
  filterParameters,
  pageParameters,
  pathParameters,
  versionParameter,
  versionSchema,
} from "./operation-parameters.js";
import { problemResponses } from "./problem-responses.js";
import { sortParameter } from "./sort-parameter.js";

/** How an operation states that it needs the API key. */
type ApiKeyDescription =
  /** A security requirement naming this `apiKey` scheme (declared in `components`). */
  | { readonly scheme: string }
  /** A required `X-Api-Key` header parameter (where no scheme can be declared). */
  | "header";

type AnyResource = Resource<never>;

const text = { type: "string" } as const;

/** `Allow`, on every answer pagewise gives (a 405's too). */
export const ALLOW_HEADER: OpenApiHeader = {
  description: "The methods this URL serves.",
  required: true,
  schema: text,
};

/**
 * The OpenAPI 3.1 path item of a resource: an operation per defined method and OPTIONS, each with
 * its parameters (path, page or cursor, the schema's filters), request body, success response
 * (body and pagination headers), every problem it can answer, and the API key. Methods the
 * resource does not define answer 405, which the path item's description says.
 *
 * @param resource - from `defineResource`
 * @param path - the route, whose words name OPTIONS when no method has an `operationId`
 * @param pathNames - the route's path parameters, in order
 * @param apiKey - how an operation that checks the key says so
 * @throws {TypeError} for a version parameter that shares a path parameter's name
 */
export function resourcePathItem(
  resource: AnyResource,
  path: string,
  pathNames: readonly string[],
  apiKey: ApiKeyDescription,
): OpenApiPathItem {
  assertVersionOffPath(resource.settings.version, pathNames);
  const item: Record<string, unknown> = {
    description: `Other methods: 405 (\`method_not_allowed\`) with \`Allow: ${resource.allow}\`.`,
  };
  for (const method of METHOD_ORDER) {
    const definition = resource.methods[method] as MethodDefinition<never> | undefined;
    if (definition === undefined) continue;
    item[method.toLowerCase()] = operation(resource, method, definition, pathNames, apiKey);
  }
  item.options = preflight(resource, path, pathNames, apiKey);
  return item as OpenApiPathItem;
}

function operation(
  resource: AnyResource,
  method: string,
  definition: MethodDefinition<never>,
  pathNames: readonly string[],
  apiKey: ApiKeyDescription,
): OpenApiOperation {
  const { settings } = resource;
  const doc = definition.openapi ?? {};
  const inBody = sendsParamsInBody(method);
  const parameters: OpenApiParameter[] = [...pathParameters(pathNames)];
  if (definition.kind === "list") parameters.push(...pageParameters(settings));
  if (definition.kind === "cursor") parameters.push(...cursorParameters(definition, settings));
  const sort = sortParameterOf(definition);
  if (sort !== undefined) parameters.push(sort);
  if (!inBody && settings.version !== undefined)
    parameters.push(versionParameter(settings.version));
  if (!inBody) {
    // A property named as a page, cursor or version parameter never reaches the schema: not a filter.
    const taken = new Set(parameters.map((p) => p.name));
    parameters.push(...filterParameters(definition.schema).filter((p) => !taken.has(p.name)));
  }
  const codes = new Set<ProblemCode>([...problemCodes(resource, method, definition)]);
  if (settings.apiKey && apiKey === "header") {
    parameters.push({
      name: "X-Api-Key",
      in: "header",
      required: true,
      description: "The API key.",
      schema: text,
    });
  }
  const common = commonHeaders(resource);
  return {
    ...(doc.operationId === undefined ? {} : { operationId: doc.operationId }),
    ...(doc.summary === undefined ? {} : { summary: doc.summary }),
    ...(doc.description === undefined ? {} : { description: doc.description }),
    ...(doc.tags === undefined ? {} : { tags: doc.tags }),
    ...(doc.deprecated === undefined ? {} : { deprecated: doc.deprecated }),
    parameters,
    ...(inBody ? { requestBody: requestBody(resource, definition) } : {}),
    responses: { ...success(resource, definition, common), ...problemResponses(codes, common) },
    ...(settings.apiKey && apiKey !== "header" ? { security: [{ [apiKey.scheme]: [] }] } : {}),
  };
}

/** Every problem code a method can answer, from its kind, its options and its own `problems`. */
function problemCodes(
  resource: AnyResource,
  method: string,
  definition: MethodDefinition<never>,
): ProblemCode[] {
  const { settings } = resource;
  const { strict, overMaxIsError } = settings.pageParams;
  // Any request may hold text a database cannot store, in its path, query or body.
  const codes: ProblemCode[] = [...(definition.openapi?.problems ?? []), "invalid_text"];
  if (settings.apiKey) codes.push("unauthorized");
  if (definition.schema) codes.push("validation_failed");
  if (definition.kind !== "json") {
    // Links longer than defaults.maxLinkLength before their page or cursor are refused.
    codes.push("uri_too_long");
    if (strict) codes.push("invalid_parameter");
    if (overMaxIsError) codes.push("page_size_too_large");
  }
  if (definition.kind === "list" && settings.paginate.overflow === "error") {
    codes.push("page_out_of_range");
  }
  if (definition.kind === "cursor") {
    codes.push("invalid_parameter", "invalid_cursor", "cursor_query_mismatch", "cursor_too_large");
  }
  if (sortParameterOf(definition) !== undefined) codes.push("invalid_sort");
  if (settings.version !== undefined) codes.push("unsupported_version", "version_conflict");
  if (settings.deadline !== undefined) codes.push("deadline_exceeded");
  if (sendsParamsInBody(method)) {
    codes.push("unsupported_media_type", "payload_too_large", "malformed_json", "bad_request");
    if (definition.kind !== "json" || definition.body === "object") codes.push("body_not_object");
    if (settings.queryOnBodyMethods === "reject") codes.push("parameter_in_query");
  }
  return codes;
}

/** A list's sort parameter, when it offers orders (a fixed cursor `order` reads none). */
function sortParameterOf(definition: MethodDefinition<never>): OpenApiParameter | undefined {
  if (definition.kind === "list") {
    return definition.sort === undefined ? undefined : sortParameter(definition.sort, false);
  }
  if (definition.kind === "cursor") return sortParameter(definition.order, true);
  return undefined;
}

function requestBody(
  resource: AnyResource,
  definition: MethodDefinition<never>,
): OpenApiRequestBody {
  const anyValue = definition.kind === "json" && definition.body === "json";
  const given: JsonSchema =
    jsonSchemaOf(definition.schema, "input") ?? (anyValue ? {} : { type: "object" });
  const { version } = resource.settings;
  // The version member is read and taken out before the schema sees the parameters.
  const schema =
    version === undefined || anyValue || given.type !== "object"
      ? given
      : {
          ...given,
          properties: {
            ...(given.properties as Record<string, JsonSchema> | undefined),
            [version.param]: versionSchema(version),
          },
        };
  return {
    required: false,
    description: "The parameters as JSON (`application/json`); no body reads as no parameters.",
    content: { "application/json": { schema } },
  };
}

/** The success answer: a list's page (an array, with the pagination headers) or a JSON body. */
function success(
  resource: AnyResource,
  definition: MethodDefinition<never>,
  common: Readonly<Record<string, OpenApiHeader>>,
): Record<string, OpenApiResponse> {
  const given = jsonSchemaOf(definition.openapi?.response, "output");
  if (definition.kind === "json") {
    const { status } = definition as JsonMethod<never>;
    const nothing = { description: "The handler gave nothing: no body.", headers: common };
    if (status === 204) return { 204: nothing };
    const answer = {
      description: "The handler's answer, as JSON.",
      headers: common,
      content: { "application/json": { schema: given ?? {} } },
    };
    const givesNothing = definition.openapi?.noContent !== false;
    return { [String(status)]: answer, ...(givesNothing ? { 204: nothing } : {}) };
  }
  const cursor = definition.kind === "cursor";
  return {
    200: {
      description: cursor
        ? "A page of the list, after or before a cursor (an opt-in departure from the spec: no page numbers)."
        : "A page of the list.",
      headers: { ...paginationHeaders(resource, cursor ? definition : undefined), ...common },
      content: { "application/json": { schema: { type: "array", items: given ?? {} } } },
    },
  };
}

/** The pagination headers a list sends, by their configured names (none when a name is off). */
function paginationHeaders(
  resource: AnyResource,
  cursor: CursorListMethod<never> | undefined,
): Record<string, OpenApiHeader> {
  const { link, count, page, pageTotal, pageSize, countAtLeast, countEstimate } =
    resource.settings.headers.names;
  const integer = { type: "integer", minimum: 0 };
  const headers: Record<string, OpenApiHeader> = {};
  if (link !== null) {
    headers[link] = {
      description: cursor
        ? 'RFC 8288 links `first`, `prev` and `next` (while rows remain), each keeping the filters and the page size: `</v2/…?page_size=30&after=…>; rel="next"`.'
        : 'RFC 8288 links to the `first`, `prev`, `next` and `last` pages (no `last` on a list without a count), keeping the filters: `</…?page=2>; rel="next"`; a page without a total states the page size too: `</…?page=2&page_size=30>; rel="next"`.',
      schema: text,
    };
  }
  if (count !== null) {
    headers[count] = {
      description:
        "The number of items in the whole list, exact; absent when the list gives no count.",
      schema: integer,
    };
  }
  if (cursor === undefined && page !== null) {
    headers[page] = { description: "The page served.", schema: integer };
  }
  if (cursor === undefined && pageTotal !== null) {
    headers[pageTotal] = {
      description: "The number of pages, at least 1; absent when the list gives no count.",
      schema: integer,
    };
  }
  if (pageSize !== null) {
    headers[pageSize] = {
      description: "Items per page, as served (after the defaults and the maximum).",
      ...(cursor ? { required: true } : {}),
      schema: integer,
    };
  }
  if (countAtLeast !== null) {
    headers[countAtLeast] = {
      description:
        "The total is at least this many: a capped count found more than its cap. Sent instead of the count, which is then absent (an opt-in departure from the spec).",
      schema: { type: "integer", minimum: 1 },
    };
  }
  if (countEstimate !== null) {
    headers[countEstimate] = {
      description:
        "About this many in all: an estimate, never the count, which is then absent (an opt-in departure from the spec).",
      schema: integer,
    };
  }
  return headers;
}

/** Headers on every answer: `Allow`, and CORS's when it is on. */
function commonHeaders(resource: AnyResource): Record<string, OpenApiHeader> {
  const headers: Record<string, OpenApiHeader> = {
    Allow: ALLOW_HEADER,
  };
  if ((resource.settings.version?.served.length ?? 0) > 1) {
    headers.Vary = {
      description: "`Accept` (the version may be named there), after CORS's `Origin` when sent.",
      required: true,
      schema: text,
    };
  }
  if (resource.settings.cors === undefined) return headers;
  headers["Access-Control-Allow-Origin"] = {
    description: "CORS: sent when the request names an allowed `Origin`.",
    schema: text,
  };
  headers["Access-Control-Expose-Headers"] = {
    description: "CORS: the pagination headers a script on another origin may read.",
    schema: text,
  };
  return headers;
}

/**
 * OPTIONS: 204 with `Allow`, and CORS's preflight answer when it is on; no API key. Its one 4xx,
 * on a route with path parameters, is the adapter's: a parameter with a malformed percent-escape.
 */
function preflight(
  resource: AnyResource,
  path: string,
  pathNames: readonly string[],
  apiKey: ApiKeyDescription,
): OpenApiOperation {
  const headers: Record<string, OpenApiHeader> = {
    Allow: ALLOW_HEADER,
  };
  const cors = resource.settings.cors !== undefined;
  if (cors) {
    for (const [name, description] of [
      ["Access-Control-Allow-Origin", "sent when the request names an allowed `Origin`"],
      ["Access-Control-Allow-Methods", "the methods allowed, on a preflight"],
      ["Access-Control-Allow-Headers", "the request headers allowed, on a preflight"],
      ["Access-Control-Max-Age", "seconds a preflight's answer may be cached"],
    ] as const) {
      headers[name] = { description: `CORS: ${description}.`, schema: text };
    }
  }
  const unreadable = pathNames.length === 0 ? {} : malformedEscape();
  return {
    operationId: preflightId(resource, path),
    summary: cors ? "The methods allowed, and the CORS preflight" : "The methods allowed",
    description: "The methods this URL serves, and the CORS preflight's answer. No API key needed.",
    parameters: pathParameters(pathNames),
    responses: { 204: { description: "No content.", headers }, ...unreadable },
    // Stated, where the other operations require the key: this one does not.
    ...(resource.settings.apiKey && apiKey !== "header" ? { security: [] } : {}),
  };
}

/**
 * OPTIONS's `operationId`: the first method's own with `Options` after it (`listPackagesOptions`),
 * else `options` and the route's words (`/package/:owner/` gives `optionsPackageOwner`).
 */
function preflightId(resource: AnyResource, path: string): string {
  for (const method of METHOD_ORDER) {
    const id = resource.methods[method]?.openapi?.operationId;
    if (id !== undefined) return `${id}Options`;
  }
  const words = path.match(/[A-Za-z0-9]+/g) ?? ["root"];
  return `options${words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("")}`;
}

/**
 * The 400 every adapter gives a path parameter it cannot decode (`%ZZ`), before any method is
 * served: `fetchRouter` itself, Express and Fastify through pagewise's error handlers. The
 * resource never sees it, so it carries no `Allow`.
 */
function malformedEscape(): Record<string, OpenApiResponse> {
  const description =
    "Bad Request: `bad_request`, a path parameter with a malformed percent-escape (the adapter's answer: no `Allow`).";
  return Object.fromEntries(
    Object.entries(problemResponses(["bad_request"], {})).map(([status, response]) => [
      status,
      { ...response, description },
    ]),
  );
}
