import { forwardedBase } from "../http/forwarded-base.js";
import { type PageParamsSettings, readPageParams } from "../pagination/page-params.js";
import { writePaginationHeaders } from "../pagination/pagination-headers.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { listPage } from "./list-page.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import { handlerContext } from "./method-input.js";
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
  const own = withoutPageParams(raw, settings.pageParams);
  const context = Object.assign(handlerContext(definition, request, method, own), { pageParams });
  return andThen(definition.handler(context), (result) =>
    andThen(listPage(result, pageParams, settings.paginate), ({ page, rows }): ResourceResponse => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      writePaginationHeaders(
        headers,
        page,
        settings.headers,
        request.url,
        linkBase(resource, request),
      );
      return { status: 200, headers, body: JSON.stringify(rows) };
    }),
  );
}

/** The request's own parameters: all but pagewise's page and page-size parameters. */
function withoutPageParams(
  raw: Record<string, unknown>,
  { pageParam, pageSizeParam }: PageParamsSettings,
): Record<string, unknown> {
  if (!Object.hasOwn(raw, pageParam) && !Object.hasOwn(raw, pageSizeParam)) return raw;
  const own: Record<string, unknown> = {};
  // No "__proto__" among them: the query and body readers drop it.
  for (const name of Object.keys(raw)) {
    if (name !== pageParam && name !== pageSizeParam) own[name] = raw[name];
  }
  return own;
}

/** The trusted base for links: the configured one, or behind a trusted proxy the request's origin. */
function linkBase<N>(resource: Resource<N>, request: ResourceRequest<N>): string | URL | undefined {
  const { baseUrl, trustProxy } = resource.settings;
  return baseUrl ?? (trustProxy ? forwardedBase(request.header) : undefined);
}
