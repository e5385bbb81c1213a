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
      "DEFAULT_AFTER_PARAM",
      "DEFAULT_BEFORE_PARAM",
      "DEFAULT_MAX_BODY_BYTES",
      "DEFAULT_MAX_CURSOR_LENGTH",
      "DEFAULT_MAX_PAGE_SIZE",
      "DEFAULT_PAGE_PARAM",
      "DEFAULT_PAGE_SIZE",
      "DEFAULT_PAGE_SIZE_PARAM",
      "DEFAULT_VERSION_PARAM",
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
      "DEFAULT_MAX_BODY_BYTES",
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
