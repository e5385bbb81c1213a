import { readPageParams } from "../page/page-params.js";
import { writePaginationHeaders } from "../page/pagination-headers.js";
import { sortRows } from "../sort/sort-rows.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { jsonResponse } from "./json-response.js";
import { listLinks } from "./list-links.js";
import { listPage } from "./list-page.js";
import { listTotal } from "./list-totals.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import { handlerContext } from "./method-input.js";
import type { ListMethod } from "./methods.js";
import { requestOrder } from "./request-order.js";

/**
 * A list method's answer: the page parameters and the order read, the handler run with the
 * request's own parameters (a whole array it returns sorted in the order), the page computed
 * from its count (past page 1, with the list's total last counted for the same filters, page 1's
 * included: {@link listTotal}), its rows checked, and the page with its pagination headers.
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
  const { sort, own } = requestOrder(definition.sort, raw, [pageParam, pageSizeParam]);
  const context = Object.assign(handlerContext(resource, definition, request, method, own), {
    pageParams,
    sort: sort as never,
  });
  const ordered = (result: unknown) =>
    sort !== undefined && Array.isArray(result) ? sortRows(sort.terms, result) : result;
  // The list's total last counted for these filters: past page 1, whether the page holds rows;
  // page 1 keeps its count for the pages after it.
  const total = listTotal(definition, [request.pathParams, own, context.version]);
  const links = listLinks(resource, definition, request);
  return andThen(definition.handler(context), (result) =>
    andThen(
      listPage(ordered(result) as typeof result, pageParams, settings.paginate, total),
      ({ page, rows }): ResourceResponse => {
        const headers: Record<string, string> = {};
        writePaginationHeaders(headers, page, settings.headers, links);
        return jsonResponse(200, headers, rows);
      },
    ),
  );
}
