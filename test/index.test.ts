import { expect, it } from "vitest";
import * as adapter from "../src/adapter/index.js";
import * as express from "../src/express/index.js";
import * as fastify from "../src/fastify/index.js";
import * as fetchEntry from "../src/fetch/index.js";
import * as pagewise from "../src/index.js";

it.each<[string, Record<string, unknown>, string[]]>([
  [
    "pagewise: what a server author needs",
    pagewise,
    [
      "defaults.afterParam",
      "defaults.beforeParam",
      "defaults.maxBodyBytes",
      "defaults.maxCursorLength",
      "defaults.maxPageSize",
      "defaults.pageParam",
      "defaults.pageSize",
      "defaults.pageSizeParam",
      "defaults.versionParam",
      "PROBLEM_CONTENT_TYPE",
      "PagewiseError",
      "apiKeyVerifier",
      "capCount",
      "compareSortValues",
      "cursorCodec",
      "cursorLinkHeader",
      "cursorList",
      "cursorPage",
      "defineResource",
      "exposedHeaderNames",
      "formatLinkHeader",
      "headerNamePresets",
      "isJsonMediaType",
      "json",
      "keysetRows",
      "keysetSql",
      "list",
      "openApiDocument",
      "openApiPaths",
      "pageLinks",
      "paginate",
      "paginateCountless",
      "paginationHeaders",
      "parsePageParams",
      "readRequestParams",
      "sendsParamsInBody",
      "serviceUnavailable",
      "sortColumns",
      "splitRequestParams",
    ],
  ],
  [
    "pagewise/adapter: what an adapter author needs",
    adapter,
    [
      "defaults.maxBodyBytes",
      "compilePathPattern",
      "corsHeaders",
      "frameworkError",
      "handleResource",
      "notFoundProblem",
      "problemResponse",
      "serveResource",
    ],
  ],
  ["pagewise/express", express, ["expressErrorHandler", "expressHandler", "writeResponse"]],
  [
    "pagewise/fastify",
    fastify,
    ["default", "fastifyErrorHandler", "fastifyPagewise", "sendResponse"],
  ],
  ["pagewise/fetch", fetchEntry, ["fetchHandler", "fetchRouter", "toResponse"]],
])("%s: exactly the curated API", (_name, entry, names) => {
  expect(Object.keys(entry).sort()).toStrictEqual(names);
});
