import { trimTrailingSlashes } from "../http/request-target.js";
import { assertParamName } from "../option-checks.js";
import { DEFAULT_SORT_PARAM } from "../options.js";
import { splitRequestParams } from "../params/split-request-params.js";
import { expandTemplate, templateVariables } from "./expand-template.js";
import { type RequestedSort, sortText } from "./sort-text.js";

/** Options of {@link buildRequest}. */
export interface BuildRequestOptions {
  /** The API's base URL; `{base_url}` in the template stands for it, and a path starting with `/` is put after it. */
  readonly baseUrl?: string;
  /** Sent as `X-Api-Key`. */
  readonly apiKey?: string;
  /** More headers to send. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The order to ask for, sent as `sortParam` with the other parameters (in the query for GET, in
   * the JSON body otherwise): a sort text as a client writes it (`"-created_at,name"`) or its
   * fields (`["-created_at", "name"]`, joined with commas). Checked as `WalkOptions.sort` is.
   *
   * @example
   * ```ts
   * buildRequest("GET", "/items/", {}, { sort: ["-created_at", "name"] }).url;
   * // "/items/?sort=-created_at%2Cname"
   * ```
   */
  readonly sort?: RequestedSort;
  /**
   * Name of the sort parameter.
   *
   * @default `defaults.sortParam`: `'sort'`
   */
  readonly sortParam?: string;
}

/** A request ready for `fetch(url, init)` or `new Request(url, init)`. */
export interface PreparedRequest {
  readonly url: string;
  readonly init: RequestInit & {
    readonly method: string;
    readonly headers: Record<string, string>;
  };
}

/**
 * Builds a request per the spec, section 4.1: path variables are expanded into the path template
 * (RFC 6570, percent-encoded: a `/` in an owner stays inside its segment, and `.` or `..` as a
 * value is refused), the other parameters go in the query string for GET and in a JSON body with
 * `Content-Type: application/json` for DELETE/PATCH/POST/PUT, and `X-Api-Key` carries the key.
 * `sort` is one of those parameters, checked, under `sortParam`.
 *
 * @param method - the HTTP method
 * @param pathTemplate - e.g. `{base_url}/package/{owner}/{repo}/` or `/package/{owner}/{repo}/packages/`
 * @param params - path variables and request parameters together
 * @param options - `baseUrl`, `apiKey`, `headers`, `sort`, `sortParam`
 * @returns `{ url, init }`
 * @throws {TypeError} for a path variable that is missing, `.` or `..`; a `sort` that
 *   `sortText` refuses, or given both as an option and in `params`; a `sortParam` that is empty
 * @example
 * ```ts
 * const { url, init } = buildRequest("DELETE", "/package/{owner}/{repo}/", {
 *   owner: "demo", repo: "tools", status: "failed",
 * }, { baseUrl: "http://127.0.0.1:3000", apiKey: "dev-key" });
 * await fetch(url, init); // DELETE …/package/demo/tools/ with {"status":"failed"}
 * ```
 */
export function buildRequest(
  method: string,
  pathTemplate: string,
  params: Readonly<Record<string, unknown>> = {},
  options: BuildRequestOptions = {},
): PreparedRequest {
  const pathParams = templateVariables(pathTemplate).filter((name) => name !== "base_url");
  const values: Record<string, string> = {};
  for (const name of pathParams) values[name] = pathValue(name, params[name]);
  const path = expandTemplate(pathTemplate.replace(/^\{base_url\}/, ""), values);
  const base = options.baseUrl === undefined ? "" : trimTrailingSlashes(options.baseUrl);
  const sent = withSort(params, options);
  const split = splitRequestParams(method, sent, { pathParams: [...pathParams, "base_url"] });
  const query = split.query?.toString() ?? "";
  const url = `${base}${path}${query === "" ? "" : `${path.includes("?") ? "&" : "?"}${query}`}`;
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...options.headers,
    ...split.headers,
  };
  if (options.apiKey !== undefined) headers["X-Api-Key"] = options.apiKey;
  return {
    url,
    init: {
      method: method.toUpperCase(),
      headers,
      ...(split.body === undefined ? {} : { body: split.body }),
    },
  };
}

/** `params` with the `sort` option under its parameter's name, checked. */
function withSort(
  params: Readonly<Record<string, unknown>>,
  options: BuildRequestOptions,
): Readonly<Record<string, unknown>> {
  const { sort, sortParam = DEFAULT_SORT_PARAM } = options;
  assertParamName("sortParam", sortParam);
  if (sort === undefined) return params;
  if (params[sortParam] != null) {
    throw new TypeError(
      `The sort is given twice: as the sort option and as params.${sortParam}; give it once`,
    );
  }
  return { ...params, [sortParam]: sortText("sort", sort) };
}

function pathValue(name: string, value: unknown): string {
  if (value === undefined || value === null || value === "") {
    throw new TypeError(`Path variable "${name}" needs a value`);
  }
  const text = String(value);
  if (text === "." || text === "..")
    throw new TypeError(`Path variable "${name}" cannot be "${text}"`);
  return text;
}
