import { expect, it } from "vitest";
import * as pagewise from "../src/index.js";

it("exports exactly the curated public API", () => {
  expect(Object.keys(pagewise).sort()).toStrictEqual([
    "PROBLEM_CONTENT_TYPE",
    "PagewiseError",
    "exposedHeaderNames",
    "formatLinkHeader",
    "headerNamePresets",
    "isJsonMediaType",
    "pageLinks",
    "paginate",
    "paginationHeaders",
    "parsePageParams",
    "readRequestParams",
    "sendsParamsInBody",
    "splitRequestParams",
  ]);
});
