import { readPageParams } from "../pagination/page-params.js";
import { writePaginationHeaders } from "../pagination/pagination-headers.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { jsonResponse } from "./json-response.js";
import { linkBase } from "./link-base.js";
import { listPage } from "./list-page.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import { handlerContext, withoutParams } from "./method-input.js";
import type { ListMethod } from "./methods.js";

/**
 * A list method's answer: the page parameters read, the handler run with the request's own
 * parameters, the page computed from its count, its rows checked, and the page with its
 * pagination headers.
 */
export function serveList<N>(
  resource: Resource<N>,
  definition: ListMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: Record<string, unknown>,
): MaybePromise<ResourceResponse> {
  const { settings } = resource;
  const pageParams = readPageParams(raw, settings.pageParams);
  const { pageParam, pageSizeParam } = settings.pageParams;
  const own = withoutParams(raw, [pageParam, pageSizeParam]);
  const context = Object.assign(handlerContext(resource, definition, request, method, own), {
    pageParams,
  });
  return andThen(definition.handler(context), (result) =>
    andThen(listPage(result, pageParams, settings.paginate), ({ page, rows }): ResourceResponse => {
      const headers: Record<string, string> = {};
      writePaginationHeaders(
        headers,
        page,
        settings.headers,
        request.url,
        linkBase(resource, request),
      );
      return jsonResponse(200, headers, rows);
    }),
  );
}
