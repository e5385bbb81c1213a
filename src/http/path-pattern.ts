/** Matches a request path against a pattern; gives the path parameters, or `undefined`. */
export type PathMatcher = (path: string) => Record<string, string> | undefined;

/** A parameter's name, as every reader of a pattern takes it: a letter or `_`, then letters, digits or `_`. */
const NAME = "[A-Za-z_][A-Za-z0-9_]*";
const WHOLE_NAME = new RegExp(`^${NAME}$`);
const NAMES = new RegExp(`:(${NAME})`, "g");

/** The characters of a string, as a union. */
type Chars<S extends string> = S extends `${infer C}${infer Rest}` ? C | Chars<Rest> : never;
type Lower = Chars<"abcdefghijklmnopqrstuvwxyz">;
type Digit = Chars<"0123456789">;
/** A character that may start a parameter's name, as {@link NAME} says. */
type NameStart = Lower | Uppercase<Lower> | "_";

/** The rest of a name after its first character: `[name, rest of the pattern]`. */
type NameTail<S extends string, Name extends string> = S extends `${infer C}${infer Rest}`
  ? C extends NameStart | Digit
    ? NameTail<Rest, `${Name}${C}`>
    : [Name, S]
  : [Name, ""];

/** The names of a pattern's parameters, as {@link pathParameterNames} reads them, as a union. */
type ParamNames<S extends string> = S extends `${string}:${infer C}${infer Rest}`
  ? C extends NameStart
    ? NameTail<Rest, C> extends [infer Name extends string, infer After extends string]
      ? Name | ParamNames<After>
      : never
    : ParamNames<`${C}${Rest}`>
  : never;

/**
 * The path parameters a route gives, typed from its Express-style pattern: an object with a
 * `string` for each `:name` (a name is a letter or `_`, then letters, digits or `_`, as
 * {@link pathParameterNames} reads it). For a pattern only known as `string`, a record of strings.
 *
 * @typeParam Pattern - the route's pattern, e.g. `"/package/:owner/:repo/"`
 * @example
 * ```ts
 * type Repo = PathParams<"/package/:owner/:repo/">; // { readonly owner: string; readonly repo: string }
 * ```
 */
export type PathParams<Pattern extends string = string> = string extends Pattern
  ? Readonly<Record<string, string>>
  : { readonly [Name in ParamNames<Pattern>]: string };

/**
 * Compiles an Express-style path pattern (`/package/:owner/:repo/`) into a matcher. A `:name`
 * segment matches one non-empty segment, percent-decoded (a malformed escape does not match); a
 * trailing slash is optional on both sides, so `/a/b` and `/a/b/` match alike; other segments match
 * exactly. Matching splits on `/` once: linear time.
 *
 * @example
 * ```ts
 * compilePathPattern("/package/:owner/:repo/")("/package/demo/tools"); // { owner: "demo", repo: "tools" }
 * ```
 */
export function compilePathPattern(pattern: string): PathMatcher {
  const parts = segments(pattern).map((part) => segmentParameterName(part) ?? { literal: part });
  return (path) => {
    const given = segments(path);
    if (given.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string | { literal: string };
      const segment = given[i] as string;
      if (typeof part !== "string") {
        if (segment !== part.literal) return undefined;
        continue;
      }
      const value = decodeSegment(segment);
      if (value === undefined) return undefined;
      params[part] = value;
    }
    return params;
  };
}

/**
 * The names of a pattern's `:name` parameters, in order and each once, as a router reads them:
 * anywhere in the pattern (`/:file.:ext` names `file` and `ext`); never throws (a Fastify route
 * may be `""` under a prefix, or `*`).
 *
 * @param pattern - an Express-style path pattern
 * @returns the names, e.g. `["owner", "repo"]` for `/package/:owner/:repo/`
 * @example
 * ```ts
 * pathParameterNames("/package/:owner/:repo/"); // ["owner", "repo"]
 * ```
 */
export function pathParameterNames(pattern: string): string[] {
  return [...new Set([...pattern.matchAll(NAMES)].map((m) => m[1] as string))];
}

/**
 * Whether a text is a parameter's name: a letter or `_`, then letters, digits or `_` (the one rule
 * every reader of a pattern follows).
 *
 * @param text - the name without its `:`
 * @example
 * ```ts
 * isParameterName("owner"); // true
 * isParameterName("9"); // false
 * ```
 */
export function isParameterName(text: string): boolean {
  return WHOLE_NAME.test(text);
}

/**
 * The name of a path segment that is a whole parameter, `:name`, as {@link compilePathPattern}
 * matches it; `undefined` for any other segment.
 *
 * @param segment - one segment of a pattern, between slashes
 * @example
 * ```ts
 * segmentParameterName(":owner"); // "owner"
 * segmentParameterName(":file.:ext"); // undefined
 * ```
 */
export function segmentParameterName(segment: string): string | undefined {
  const name = segment.slice(1);
  return segment.startsWith(":") && isParameterName(name) ? name : undefined;
}

/** Characters of a router's other syntaxes: optional (`:id?`, `{/:id}`), wildcard, pattern-matched. */
const OTHER_SYNTAX = /[?*+(){}]/;

/**
 * Checks that a pattern names its parameters as plain `:name`s, the one syntax Express 4 and 5,
 * Fastify and {@link compilePathPattern} read alike. Optional (`:id?`, `{/:id}`), wildcard (`*`)
 * and pattern-matched (`:id(\\d+)`) parameters are refused: each router reads them its own way
 * (an optional one left out is `undefined` on Express, `""` on Fastify), so a handler could not
 * rely on its `path`.
 *
 * @param pattern - an Express-style path pattern
 * @throws {TypeError} naming the fix: one resource per route
 * @example
 * ```ts
 * assertPlainPattern("/items/:id/"); // passes
 * assertPlainPattern("/items{/:id}"); // TypeError
 * ```
 */
export function assertPlainPattern(pattern: string): void {
  const found = OTHER_SYNTAX.exec(pattern);
  if (found === null) return;
  throw new TypeError(
    `The pattern ${JSON.stringify(pattern)} has "${found[0]}": only plain :name parameters are read alike by every adapter; for an optional one, define a resource per route ("/items/" and "/items/:id/")`,
  );
}

function segments(path: string): string[] {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed === "" ? [] : trimmed.slice(trimmed.startsWith("/") ? 1 : 0).split("/");
}

function decodeSegment(segment: string): string | undefined {
  if (segment === "") return undefined;
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
