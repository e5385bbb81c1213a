import { unsupportedVersion, versionConflict } from "../errors.js";
import { acceptParameter } from "../http/accept-parameter.js";
import { isToken } from "../http/token.js";
import { assertKnownNames, assertObject, showValue } from "../option-checks.js";
import { DEFAULT_VERSION_PARAM } from "../options.js";

/**
 * The API versions a resource serves (its `version` option): the spec's versioning parameter
 * (sections 4.1 and 9), read as Cloudsmith reads it, from the parameter (`?version=v1`, or a JSON
 * body's member) or the `Accept` header (`Accept: application/json; version=v1`).
 *
 * @example
 * ```ts
 * defineResource({ GET: list({ handler: ({ version }) => rowsFor(version) }) }, {
 *   version: { served: ["v1", "v2"], default: "v1" },
 * });
 * ```
 */
export interface VersionOptions {
  /**
   * Name of the version parameter (in the query for GET, a JSON body member for DELETE, PATCH,
   * POST and PUT) and of the `Accept` media-type parameter: an HTTP token, apart from the page,
   * page-size, cursor and path parameters.
   *
   * @default `'version'`
   */
  readonly param?: string;
  /** The versions served, oldest first: at least one, each a distinct non-empty string. */
  readonly served: readonly string[];
  /**
   * The version of a request that names none; one of `served`.
   *
   * @default the newest served (the last of `served`), as Cloudsmith serves its latest
   */
  readonly default?: string;
}

/** {@link VersionOptions} checked, the defaults filled in. */
export interface VersionSettings {
  readonly param: string;
  readonly served: readonly string[];
  readonly default: string;
}

const NAMES: Record<keyof VersionOptions, true> = { param: true, served: true, default: true };

/**
 * Checks a resource's `version` option and fills in its defaults, once per resource.
 *
 * @param options - the option as given
 * @param reserved - the names the version parameter must not take, with what each is
 *   (`{ page: "the page parameter" }`)
 * @throws {TypeError} naming the fix: an unknown name, no version served, a version twice or not
 *   text, a default not served, a parameter name that is not a token or is taken
 */
export function versionSettings(
  options: VersionOptions,
  reserved: Readonly<Record<string, string>>,
): VersionSettings {
  assertObject("version", options);
  assertKnownNames("version option", options, NAMES);
  const { served, param = DEFAULT_VERSION_PARAM } = options;
  if (
    !Array.isArray(served) ||
    served.length === 0 ||
    served.some((v, i) => typeof v !== "string" || v === "" || served.indexOf(v) !== i)
  ) {
    throw new TypeError(
      `version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got ${showValue(served)}`,
    );
  }
  if (typeof param !== "string" || !isToken(param)) {
    throw new TypeError(
      `version.param names the version parameter and the Accept parameter, so it is an HTTP token such as "version"; got ${showValue(param)}`,
    );
  }
  assertVersionParamApart(param, reserved);
  const chosen = options.default ?? (served.at(-1) as string);
  if (!served.includes(chosen)) {
    throw new TypeError(
      `version.default ${showValue(chosen)} is not served: add it to version.served or pick one of ${served.map((v) => JSON.stringify(v)).join(", ")}`,
    );
  }
  return { param, served: Object.freeze([...served]), default: chosen };
}

/**
 * Throws a TypeError when the version parameter takes a name that is already another's.
 *
 * @param param - the version parameter's name
 * @param reserved - the names taken, with what each is (`{ owner: "a path parameter" }`)
 */
export function assertVersionParamApart(
  param: string,
  reserved: Readonly<Record<string, string>>,
): void {
  if (!Object.hasOwn(reserved, param)) return;
  throw new TypeError(
    `version.param ${JSON.stringify(param)} is also ${reserved[param]}: name the version parameter apart (version.param) or rename the other`,
  );
}

/**
 * Throws a TypeError when a route's path parameter takes the version parameter's name: which
 * would name the version? Checked where a resource meets its route's pattern (`fetchRouter`,
 * Fastify's `app.pagewise`, the OpenAPI description).
 *
 * @param version - the resource's version settings, `undefined` when it declares none
 * @param pathNames - the route's path parameters
 */
export function assertVersionOffPath(
  version: VersionSettings | undefined,
  pathNames: readonly string[],
): void {
  if (version === undefined) return;
  assertVersionParamApart(
    version.param,
    Object.fromEntries(pathNames.map((name) => [name, "a path parameter"])),
  );
}

/**
 * The version a request asks for: the version parameter's value (`given`: a query value, an
 * array for a repeated one, or a body member) and the `Accept` header's version parameter must
 * agree; naming none is the default.
 *
 * @param settings - from {@link versionSettings}
 * @param given - the parameter's raw value; `undefined` or `null` when absent
 * @param accept - the `Accept` header, if any
 * @returns one of the versions served
 * @throws {PagewiseError} 400 `version_conflict` for two different versions, 400
 *   `unsupported_version` for one not served (or a value that is not text)
 * @example
 * ```ts
 * readVersion(settings, "v1", "application/json; version=v1"); // "v1"
 * ```
 */
export function readVersion(
  settings: VersionSettings,
  given: unknown,
  accept: string | undefined,
): string {
  const { param, served } = settings;
  const named: unknown[] = given === undefined || given === null ? [] : [given].flat();
  named.push(...acceptParameter(accept, param));
  const [first] = named;
  if (first === undefined) return settings.default;
  for (const value of named) {
    if (typeof value !== "string") throw unsupportedVersion(param, value, served);
    if (value !== first && typeof first === "string") throw versionConflict(param, first, value);
  }
  if (!served.includes(first as string)) throw unsupportedVersion(param, first, served);
  return first as string;
}
