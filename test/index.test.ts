import { expect, it } from "vitest";
import * as pagewise from "../src/index.js";

it("exports exactly the curated public API", () => {
  expect(Object.keys(pagewise).sort()).toStrictEqual([
    "DEFAULT_MAX_BODY_BYTES",
    "PROBLEM_CONTENT_TYPE",
    "PagewiseError",
    "apiKeyVerifier",
    "compilePathPattern",
    "corsHeaders",
    "defineResource",
    "exposedHeaderNames",
    "formatLinkHeader",
    "frameworkBodyError",
    "handleResource",
    "headerNamePresets",
    "isJsonMediaType",
    "json",
    "list",
    "notFoundProblem",
    "pageLinks",
    "paginate",
    "paginationHeaders",
    "parsePageParams",
    "problemResponse",
    "readRequestParams",
    "sendsParamsInBody",
    "splitRequestParams",
  ]);
});
