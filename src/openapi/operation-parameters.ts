import { DEFAULT_OVERFLOW } from "../options.js";
import type { PageParamsSettings } from "../page/page-params.js";
import type { VersionSettings } from "../params/api-version.js";
import type { StandardSchemaV1 } from "../params/standard-schema.js";
import type { CursorListMethod } from "../resource/cursor-method.js";
import type { JsonSchema } from "../resource/operation-doc.js";
import type { ResourceSettings } from "../resource/settings.js";
import { jsonSchemaOf, objectProperties } from "./json-schema-of.js";
import type { OpenApiParameter } from "./openapi-types.js";

/** The path parameters of a route, each a required text segment. */
export function pathParameters(names: readonly string[]): OpenApiParameter[] {
  return names.map((name) => ({
    name,
    in: "path",
    required: true,
    description: "One path segment, percent-decoded.",
    schema: { type: "string", minLength: 1 },
  }));
}

/**
 * The query parameters a schema reads: one per property of an object schema; a schema that
 * cannot state its properties is one free-form object of parameters (`style: form`).
 */
export function filterParameters(schema: StandardSchemaV1 | undefined): OpenApiParameter[] {
  if (schema === undefined) return [];
  const properties = objectProperties(jsonSchemaOf(schema, "input"));
  if (properties === undefined) {
    return [
      {
        name: "params",
        in: "query",
        required: false,
        description: "The request's parameters, checked by the method's schema.",
        schema: { type: "object", additionalProperties: true },
        style: "form",
        explode: true,
      },
    ];
  }
  return properties.map(([name, property, required]) => ({
    name,
    in: "query",
    required,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

/** The page size parameter, as page and cursor lists read it (the spec's section 4.3). */
function pageSizeParameter(settings: PageParamsSettings): OpenApiParameter {
  const { defaultPageSize: size, maxPageSize: max, strict, overMaxIsError } = settings;
  const bad = strict ? "is a 400 problem (`invalid_parameter`)" : `is read as ${size}`;
  const over = overMaxIsError ? "is a 400 problem (`page_size_too_large`)" : `is read as ${max}`;
  return {
    name: settings.pageSizeParam,
    in: "query",
    required: false,
    description: `Items per page, from 1 to ${max}. A value that is not a whole decimal number, or is below 1 (0, a negative), ${bad}; one over ${max} ${over}. The size served is in the page size header.`,
    schema: { type: "integer", minimum: 1, maximum: max, default: size },
  };
}

/** A page list's parameters: the page and the page size (the spec's section 4.3). */
export function pageParameters(settings: ResourceSettings<never>): OpenApiParameter[] {
  const { pageParams, paginate } = settings;
  const past = {
    empty: "is served empty",
    last: "is served as the last page",
    error: "is a 404 problem (`page_out_of_range`)",
  }[paginate.overflow ?? DEFAULT_OVERFLOW];
  const bad = pageParams.strict
    ? "A value that is not a whole decimal number is a 400 problem (`invalid_parameter`); one below 1 (0, a negative) is read as 1"
    : "A value that is not a whole decimal number, or is below 1 (0, a negative), is read as 1";
  return [
    {
      name: pageParams.pageParam,
      in: "query",
      required: false,
      description: `The page, from 1. ${bad}; a page past the last ${past}.`,
      schema: { type: "integer", minimum: 1, default: 1 },
    },
    pageSizeParameter(pageParams),
  ];
}

/** A cursor list's parameters: the page size and the two cursors (docs/cursors.md). */
export function cursorParameters(
  method: CursorListMethod<never>,
  settings: ResourceSettings<never>,
): OpenApiParameter[] {
  const { afterParam, beforeParam, maxCursorLength } = method;
  const token = (side: string, other: string): OpenApiParameter => ({
    name: side,
    in: "query",
    required: false,
    description: `An opaque token from a \`${side === afterParam ? "next" : "prev"}\` link: the page ${side === afterParam ? "after" : "before"} its row. Not with \`${other}\` (a 400, \`invalid_parameter\`); empty reads as absent. A token altered, or signed with a secret no longer accepted: 400 \`invalid_cursor\`; issued for other filters or another list: 400 \`cursor_query_mismatch\`; over ${maxCursorLength} characters: 400 \`cursor_too_large\`.`,
    schema: { type: "string", maxLength: maxCursorLength },
  });
  return [
    pageSizeParameter(settings.pageParams),
    token(afterParam, beforeParam),
    token(beforeParam, afterParam),
  ];
}

/**
 * The version parameter's schema and description, as a query parameter or a body member: the
 * versions served, the default, and the `Accept` form beside it.
 */
export function versionSchema({ param, served, default: chosen }: VersionSettings): JsonSchema {
  return {
    type: "string",
    enum: [...served],
    default: chosen,
    description: `The API version, also given as \`Accept: application/json; ${param}=…\`; naming none is ${chosen}. One not served is a 400 problem (\`unsupported_version\`); two different ones (here and in Accept) are a 400 (\`version_conflict\`).`,
  };
}

/** The version parameter in the query (GET and other query methods). */
export function versionParameter(settings: VersionSettings): OpenApiParameter {
  const schema = versionSchema(settings);
  return {
    name: settings.param,
    in: "query",
    required: false,
    description: schema.description as string,
    schema,
  };
}
