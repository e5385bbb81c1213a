import type { PathParams } from "../http/path-pattern.js";
import { assertObject, assertOption, describeValue } from "../option-checks.js";
import { isWholeNumber } from "../params/whole-number.js";
import type { CursorListMethod } from "./cursor-method.js";
import type { JsonMethod, ListMethod } from "./methods.js";
import { assertOperationDoc } from "./operation-doc.js";

/** One method of a resource; `Path`: its handler's path parameters. */
export type MethodDefinition<N = unknown, Path = PathParams> =
  | ListMethod<N, Path>
  | CursorListMethod<N, Path>
  | JsonMethod<N, Path>;

/** The methods a resource may define; HEAD is served by GET, OPTIONS by pagewise. */
export type ResourceMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The methods a resource may define, in the order `Allow` lists them. */
export const METHOD_ORDER: readonly ResourceMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * A method made with {@link list} or {@link json}: an object of another shape (`{ handler }`) would
 * answer every request with status `undefined`.
 */
export function assertMethodDefinition(name: string, definition: unknown): void {
  const made = `${name} must be made with list({ handler }), cursorList({ … }) or json({ handler })`;
  assertObject(name, definition);
  const { kind, handler, schema } = definition as Partial<MethodDefinition>;
  if (kind !== "list" && kind !== "json" && !(kind === "cursor" && name === "GET")) {
    if (kind === "cursor") {
      throw new TypeError(
        `${name} cannot be a cursorList: its links are GET requests, so only GET lists by cursor`,
      );
    }
    throw new TypeError(`${made}; got an object with kind ${describeValue(kind)}`);
  }
  if (typeof handler !== "function") {
    throw new TypeError(`${made}; its handler is ${describeValue(handler)}, not a function`);
  }
  if (schema !== undefined && typeof schema?.["~standard"]?.validate !== "function") {
    throw new TypeError(`${name}'s schema must be a zod schema or another Standard Schema`);
  }
  assertOperationDoc(name, (definition as Partial<MethodDefinition>).openapi);
  if (kind === "cursor" && typeof (definition as CursorListMethod).codec?.decode !== "function") {
    throw new TypeError(`${made}; got a cursor method without its codec`);
  }
  const { noContent } = (definition as Partial<MethodDefinition>).openapi ?? {};
  if (kind !== "json") {
    if (noContent !== undefined) {
      throw new TypeError(
        `${name}'s openapi.noContent is for a json method: a list never answers 204`,
      );
    }
    return;
  }
  const { status, body } = definition as JsonMethod;
  if (!isWholeNumber(status, 200, 299)) {
    throw new RangeError(
      `${name}'s status must be a success status (200 to 299); got ${describeValue(status)}`,
    );
  }
  if (status === 204 && noContent === false) {
    throw new TypeError(`${name}'s openapi.noContent cannot be false: its status is 204`);
  }
  assertOption(`${name}'s body`, body, ["object", "json"]);
}
