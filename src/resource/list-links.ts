import type { LinkSource } from "../page/pagination-headers.js";
import type { ResourceRequest } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { linkBase } from "./link-base.js";
import { linkedParams } from "./linked-params.js";
import type { ListMethod } from "./methods.js";

/**
 * Where a page list's links come from: the request's URL, the trusted base, and the parameters
 * they carry, those that choose rows ({@link linkedParams}).
 *
 * @param resource - the list's resource
 * @param definition - the list
 * @param request - the request
 * @example
 * ```ts
 * writePaginationHeaders(headers, page, settings.headers, listLinks(resource, definition, request));
 * ```
 */
export function listLinks<N>(
  resource: Resource<N>,
  definition: ListMethod<N>,
  request: ResourceRequest<N>,
): LinkSource {
  const linked = linkedParams(
    definition.paramNames,
    definition.sort?.param,
    resource.settings.version?.param,
  );
  return { url: request.url, baseUrl: linkBase(resource, request), linked };
}
