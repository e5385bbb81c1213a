import { describe, expect, it } from "vitest";
import { pageLinks, paginate, paginationHeaders, parsePageParams } from "../src/index.js";

const page = paginate({ count: 3, page: 2, pageSize: 1 });

describe("misspelt option values are TypeErrors, never a silent fallback", () => {
  it.each<[string, () => unknown, string]>([
    [
      "invalid",
      () => parsePageParams("", { invalid: "Strict" as never }),
      'invalid must be one of "lenient", "strict"; got "Strict"',
    ],
    [
      "overMax",
      () => parsePageParams("", { overMax: "reject" as never }),
      'overMax must be one of "clamp", "error"; got "reject"',
    ],
    [
      "overflow",
      () => paginate({ count: 1, page: 1, pageSize: 1 }, { overflow: "bogus" as never }),
      'overflow must be one of "empty", "last", "error"; got "bogus"',
    ],
    [
      "linkParams",
      () => pageLinks(page, { url: "/", linkParams: "All" as never }),
      'linkParams must be one of "filters", "page-only", "all"; got "All"',
    ],
    [
      "template",
      () => pageLinks(page, { url: "/", template: "no" as never }),
      'template must be one of true, false; got "no"',
    ],
    [
      "emptyHeaders",
      () => paginationHeaders(page, { url: "/", emptyHeaders: "none" as never }),
      'emptyHeaders must be one of "omit", "zero"; got "none"',
    ],
  ])("%s", (_name, run, message) => {
    expect(run).toThrow(new TypeError(message));
  });
});
