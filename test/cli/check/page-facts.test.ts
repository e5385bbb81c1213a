/** The kind of list an answer's pagination headers show. */
import { describe, expect, it } from "vitest";
import { type ListKind, listKind, type PageFacts } from "../../../src/cli/check/page-facts.js";

const none: PageFacts = {
  count: undefined,
  page: undefined,
  pageTotal: undefined,
  pageSize: undefined,
  link: undefined,
};

describe("listKind", () => {
  it.each<[string, Partial<PageFacts>, ListKind]>([
    ["the spec's four headers", { count: 7, page: 1, pageTotal: 4, pageSize: 2 }, "counted"],
    ["a page total without a page", { count: 7, pageTotal: 4, pageSize: 2 }, "counted"],
    ["a page total without a count", { page: 1, pageTotal: 4, pageSize: 2 }, "counted"],
    ["a page without a count or total", { page: 1, pageSize: 2, link: "<…>" }, "countless"],
    ["a page size alone", { pageSize: 2, link: "<…>" }, "cursor"],
    ["a page size and a count", { count: 7, pageSize: 2 }, "cursor"],
    ["a Link alone (Django REST framework, Grape)", { link: "<…>" }, "countless"],
    ["nothing", {}, "unpaginated"],
  ])("%s: %s", (_, facts, kind) => {
    expect(listKind({ ...none, ...facts })).toBe(kind);
  });
});
