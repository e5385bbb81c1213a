import { forwardedBase } from "../http/forwarded-base.js";
import type { ResourceRequest } from "./contract.js";
import type { Resource } from "./define-resource.js";

/** The trusted base for links: the configured one, or behind a trusted proxy the request's origin. */
export function linkBase<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
): string | URL | undefined {
  const { baseUrl, trustProxy } = resource.settings;
  return baseUrl ?? (trustProxy ? forwardedBase(request.header) : undefined);
}
