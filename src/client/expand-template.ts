import uriTemplates from "uri-templates";

/** A template variable's value: a scalar, a list, or an associative array (RFC 6570 section 2.3). */
export type TemplateValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[]
  | Readonly<Record<string, string | number>>;

/** Values for an RFC 6570 template; `undefined` and `null` leave a variable undefined. */
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

/**
 * Expands an RFC 6570 URI template (`?page=3{&page_size}`, `/package/{owner}/{repo}/`) with
 * uri-templates; a variable without a value expands to nothing, per the RFC.
 *
 * @example
 * ```ts
 * expandTemplate("/items/?page=3{&page_size}", { page_size: 50 }); // "/items/?page=3&page_size=50"
 * ```
 */
export function expandTemplate(template: string, values: TemplateValues): string {
  const defined: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value != null) defined[name] = typeof value === "object" ? value : String(value);
  }
  return uriTemplates(template).fill(defined as Record<string, string>);
}

/** The variable names a template uses. */
export function templateVariables(template: string): string[] {
  return template.includes("{") ? uriTemplates(template).varNames : [];
}
