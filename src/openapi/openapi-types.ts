import type { JsonSchema } from "../resource/operation-doc.js";

/** An OpenAPI 3.1 header object. */
export interface OpenApiHeader {
  readonly description: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}

/** An OpenAPI 3.1 parameter object (path or query). */
export interface OpenApiParameter {
  readonly name: string;
  readonly in: "path" | "query" | "header";
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
  readonly style?: "form";
  readonly explode?: boolean;
}

/** An OpenAPI 3.1 response object. */
export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Readonly<Record<string, OpenApiHeader>>;
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}

/** An OpenAPI 3.1 request body object. */
export interface OpenApiRequestBody {
  readonly required: boolean;
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}

/** An OpenAPI 3.1 operation object, as pagewise writes one. */
export interface OpenApiOperation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: OpenApiRequestBody;
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
}

/** An OpenAPI 3.1 path item: the operations of one URL, lower-case method names. */
export type OpenApiPathItem = {
  readonly summary?: string;
  readonly description?: string;
} & Partial<
  Readonly<Record<"get" | "post" | "put" | "patch" | "delete" | "options", OpenApiOperation>>
>;

/** The `paths` of an OpenAPI 3.1 document. */
export type OpenApiPaths = Readonly<Record<string, OpenApiPathItem>>;

/**
 * An OpenAPI 3.1 license object: its name, and an SPDX identifier or a URL (not both).
 *
 * @example
 * ```ts
 * const license: OpenApiLicense = { name: "MIT", identifier: "MIT" };
 * ```
 */
export type OpenApiLicense = { readonly name: string } & (
  | { readonly identifier?: string; readonly url?: never }
  | { readonly url?: string; readonly identifier?: never }
);

/** An OpenAPI 3.1 document, as pagewise writes one. */
export interface OpenApiDocument {
  readonly openapi: "3.1.1";
  readonly info: Readonly<Record<string, unknown>> & {
    readonly title: string;
    readonly version: string;
    readonly license?: OpenApiLicense;
  };
  readonly servers?: readonly Readonly<Record<string, unknown>>[];
  readonly paths: OpenApiPaths;
  readonly components: {
    readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  };
}
