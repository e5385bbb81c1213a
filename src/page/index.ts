/**
 * pagewise/page: page mode's pure functions (spec section 4.3), for a handler or a server of your
 * own: read `page` and `page_size`, do the page math, and write the `Link` and `X-Pagination-*`
 * headers. `list` (in `pagewise`) serves a page list with all of them; these are for code that
 * does not use a resource.
 * @packageDocumentation
 */
export { formatLinkHeader, type LinkValue } from "../http/link-header.js";
export {
  type CountlessPage,
  type CountlessPageRequest,
  paginateCountless,
} from "./countless-page.js";
export { type PageLink, type PageLinksOptions, pageLinks } from "./page-links.js";
export {
  type PageParams,
  type PageParamsOptions,
  parsePageParams,
} from "./page-params.js";
export {
  type LinkTargets,
  type Page,
  type PageRel,
  type PageRequest,
  type PaginateOptions,
  paginate,
} from "./paginate.js";
export {
  type PaginationHeadersOptions,
  paginationHeaders,
} from "./pagination-headers.js";
