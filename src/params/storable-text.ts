import { invalidText, type UnstorableText } from "../errors.js";

/**
 * NUL, a high surrogate no low one follows, or a low one no high one precedes. Each alternative
 * looks one unit around a position: a search in linear time on any input.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What `text` holds that a database cannot store as sent, the first of it, or `undefined` for text
 * every database the integrations serve stores as it is: PostgreSQL refuses NUL (`invalid byte
 * sequence for encoding "UTF8": 0x00`), and a lone surrogate is no UTF-8 at all (node-postgres,
 * PGlite, mysql2 and better-sqlite3 each store U+FFFD in its place).
 *
 * @param text - any string
 * @example
 * ```ts
 * unstorableIn("a\u0000b"); // "nul"
 * unstorableIn("\uD83D"); // "lone_surrogate"
 * unstorableIn("😀"); // undefined
 * ```
 */
export function unstorableIn(text: string): UnstorableText | undefined {
  const match = UNSTORABLE.exec(text);
  if (match === null) return undefined;
  return match[0] === "\0" ? "nul" : "lone_surrogate";
}

/** Where request text comes from: the route's path parameters, or the query or JSON body. */
export type TextPlace = "path" | "params";

/** One value met in a walk: the value, the index of its parent's entry (-1: the root), its key. */
type Visit = readonly [value: unknown, parent: number, key: string];

/**
 * Throws the 400 `invalid_text` problem for text in `value` that a database cannot store as sent
 * ({@link unstorableIn}): a string or an object member's name at any depth, the shallowest first,
 * then in document order. One pass over every string, breadth-first and iterative (no stack to
 * overflow on deep nesting).
 *
 * @param value - path parameters, the query's parameters or a JSON body (any JSON value)
 * @param place - `"path"` names a path parameter in the detail, `"params"` a parameter
 * @throws {PagewiseError} 400 `invalid_text`, its `parameter` the dotted path (`items.0.name`)
 * @example
 * ```ts
 * assertStorableText({ q: "a\u0000" }, "params"); // throws: Parameter "q" holds a NUL character …
 * ```
 */
export function assertStorableText(value: unknown, place: TextPlace): void {
  const visits: Visit[] = [[value, -1, ""]];
  for (let index = 0; index < visits.length; index++) {
    const [current] = visits[index] as Visit;
    if (typeof current === "string") {
      const found = unstorableIn(current);
      if (found === undefined) continue;
      const path = pathOf(visits, index);
      throw invalidText(valueWhere(place, path), found, path);
    }
    if (typeof current !== "object" || current === null) continue;
    const list = Array.isArray(current);
    for (const name of Object.keys(current)) {
      const found = list ? undefined : unstorableIn(name);
      if (found !== undefined) {
        const path = pathOf(visits, index);
        throw invalidText(path === "" ? "A parameter name" : `A name in "${path}"`, found, path);
      }
      visits.push([(current as Record<string, unknown>)[name], index, name]);
    }
  }
}

/** The dotted path of the value at `index`: its keys from the root's child down. */
function pathOf(visits: readonly Visit[], index: number): string {
  const keys: string[] = [];
  for (let at = index; at > 0; at = (visits[at] as Visit)[1]) keys.push((visits[at] as Visit)[2]);
  return keys.reverse().join(".");
}

function valueWhere(place: TextPlace, path: string): string {
  if (path === "") return "The request body";
  return `${place === "path" ? "Path parameter" : "Parameter"} "${path}"`;
}
