import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { jsonResponse } from "./json-response.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import { handlerContext } from "./method-input.js";
import type { JsonMethod } from "./methods.js";

/**
 * A json method's answer: its status and the handler's value written as JSON (see
 * {@link resultJson}), or 204 for `undefined`.
 */
export function serveJson<N>(
  resource: Resource<N>,
  definition: JsonMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: unknown,
): MaybePromise<ResourceResponse> {
  return andThen(
    definition.handler(handlerContext(resource, definition, request, method, raw)),
    (value): ResourceResponse => {
      if (value === undefined) return { status: 204, headers: {}, body: null };
      return jsonResponse(definition.status, {}, value);
    },
  );
}
